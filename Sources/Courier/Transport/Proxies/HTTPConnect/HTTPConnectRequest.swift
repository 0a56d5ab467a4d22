import NIOCore

/// The bytes of one `CONNECT` request (RFC 9110 §9.3.6): the target in authority form, a `Host` field with the same
/// authority, and an optional `Proxy-Authorization` field.
struct HTTPConnectRequest: Sendable, Equatable {
    /// The target as `host:port`, with IPv6 literals in brackets.
    var authority: String
    /// The `Proxy-Authorization` field value, if any.
    var proxyAuthorization: String?

    /// Validates the target and builds the request.
    /// - Throws: ``ProxyTunnelError/Kind`` `.invalidTarget` for an empty host, a host with characters that cannot
    ///   appear in an authority (spaces, controls, `/`, `@`), or a port outside 1...65535, and `.invalidCredentials`
    ///   for an authorization value with a control character (it would inject header lines).
    init(targetHost: String, targetPort: Int, proxyAuthorization: String?) throws(ProxyTunnelError.Kind) {
        try Self.validate(host: targetHost, port: targetPort)
        if let proxyAuthorization, proxyAuthorization.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw .invalidCredentials(reason: "the Proxy-Authorization value contains a control character")
        }
        self.authority = Self.authority(host: targetHost, port: targetPort)
        self.proxyAuthorization = proxyAuthorization
    }

    /// Writes the request into a buffer.
    func write(into buffer: inout ByteBuffer) {
        buffer.writeString("CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n")
        if let proxyAuthorization {
            buffer.writeString("Proxy-Authorization: \(proxyAuthorization)\r\n")
        }
        buffer.writeString("\r\n")
    }

    /// `host:port`, with an IPv6 literal (a host containing `:`) in brackets unless it already has them.
    static func authority(host: String, port: Int) -> String {
        if host.contains(":") && !host.hasPrefix("[") {
            return "[\(host)]:\(port)"
        }
        return "\(host):\(port)"
    }

    /// Checks that a host and port can be sent to a proxy.
    /// - Throws: `.invalidTarget` naming the problem.
    static func validate(host: String, port: Int) throws(ProxyTunnelError.Kind) {
        guard (1...65_535).contains(port) else {
            throw .invalidTarget(reason: "port \(port) is outside 1...65535")
        }
        var bare = Substring(host)
        if bare.hasPrefix("[") && bare.hasSuffix("]") && bare.count >= 2 {
            bare = bare.dropFirst().dropLast()
        }
        guard !bare.isEmpty else {
            throw .invalidTarget(reason: "the host is empty")
        }
        let forbidden: Set<UInt8> = [0x20, 0x2F, 0x40, 0x3F, 0x23, 0x5B, 0x5D, 0x5C]
        if bare.utf8.contains(where: { $0 < 0x21 || $0 == 0x7F || forbidden.contains($0) }) {
            throw .invalidTarget(reason: "the host contains a character that cannot appear in a host name")
        }
    }
}
