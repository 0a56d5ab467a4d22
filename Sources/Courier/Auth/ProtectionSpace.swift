import Foundation

/// How a server (or proxy) asks a client to prove who it is.
public enum AuthenticationMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// Whatever the scheme's default is: Basic for HTTP.
    case `default`
    /// HTTP Basic (RFC 7617): user name and password in base64, readable by anyone who sees the request; use
    /// it only over TLS.
    case httpBasic
    /// HTTP Digest (RFC 7616): a hash of the password with the server's nonce; the password is never sent.
    case httpDigest
    /// OAuth-style bearer tokens (RFC 6750).
    case bearer
    /// NTLM (Windows servers and proxies), a three-message handshake on one connection.
    case ntlm
    /// Negotiate (SPNEGO/Kerberos), as announced by `WWW-Authenticate: Negotiate`.
    case negotiate
    /// A TLS client certificate asked for by the server during the handshake.
    case clientCertificate
    /// The decision whether to trust the server's certificate chain.
    case serverTrust
    /// A login form in HTML, which the application fills itself (no HTTP challenge).
    case htmlForm
}

/// Where credentials apply: a host, port and protocol, with a realm and an authentication method,
/// like `URLProtectionSpace`.
public struct ProtectionSpace: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The host name, lowercased.
    public var host: String
    /// The port (the protocol's default when the URL gave none).
    public var port: Int
    /// `http`, `https`, `ftp`, …
    public var protocolName: String
    /// The realm the server named in its challenge, if any.
    public var realm: String?
    /// The scheme the server asked for.
    public var authenticationMethod: AuthenticationMethod
    /// Whether the space belongs to a proxy (407 challenges).
    public var isProxy: Bool

    /// Creates a space; a `nil` port takes the protocol's default (80, 443, 21).
    public init(
        host: String, port: Int? = nil, protocol protocolName: String = "https", realm: String? = nil,
        authenticationMethod: AuthenticationMethod = .default, isProxy: Bool = false
    ) {
        let lowerProtocol = protocolName.lowercased()
        self.host = host.lowercased()
        self.port = port ?? Self.defaultPort(for: lowerProtocol)
        self.protocolName = lowerProtocol
        self.realm = realm
        self.authenticationMethod = authenticationMethod
        self.isProxy = isProxy
    }

    /// The space of a URL (host, port and scheme).
    public init(url: URL, realm: String? = nil, authenticationMethod: AuthenticationMethod = .default) {
        self.init(
            host: url.host ?? "", port: url.port, protocol: url.scheme ?? "https", realm: realm,
            authenticationMethod: authenticationMethod)
    }

    static func defaultPort(for protocolName: String) -> Int {
        switch protocolName {
        case "http": return 80
        case "https": return 443
        case "ftp": return 21
        case "ftps": return 990
        default: return 0
        }
    }

    /// Whether the space is on a connection that encrypts credentials.
    public var receivesCredentialSecurely: Bool {
        protocolName == "https" || authenticationMethod == .httpDigest || authenticationMethod == .ntlm
            || authenticationMethod == .clientCertificate
    }

    /// The same space without the realm and method: where a credential was used.
    var origin: ProtectionSpace {
        ProtectionSpace(host: host, port: port, protocol: protocolName, isProxy: isProxy)
    }

    /// The space as text for logs, such as `https://example.com:443 realm "staff" (httpBasic)`.
    public var description: String {
        "\(isProxy ? "proxy " : "")\(protocolName)://\(host):\(port)\(realm.map { " realm \"\($0)\"" } ?? "") (\(authenticationMethod.rawValue))"
    }
}

/// A rule of the protection-space allow-list: a host (exact, or `*.example.com` for subdomains), and
/// optionally a port and a realm. A challenge from a space no rule matches is refused (the book's
/// phishing host never gets the password).
public struct ProtectionSpaceRule: Sendable, Hashable {
    /// The host, lowercased: an exact name, or `*.example.com` for every subdomain (not `example.com` itself).
    public var host: String
    /// The port that must match, or `nil` for any port.
    public var port: Int?
    /// The realm that must match exactly, or `nil` for any realm.
    public var realm: String?

    /// Creates a rule; `host` is compared without case.
    public init(host: String, port: Int? = nil, realm: String? = nil) {
        self.host = host.lowercased()
        self.port = port
        self.realm = realm
    }

    /// Whether the rule allows credentials for `space`: the host matches (exactly, or as a subdomain of a
    /// `*.` rule), and the port and realm match when the rule names them.
    public func matches(_ space: ProtectionSpace) -> Bool {
        if let port, port != space.port { return false }
        if let realm, realm != space.realm { return false }
        if host.hasPrefix("*.") {
            let suffix = String(host.dropFirst(1))
            return space.host.hasSuffix(suffix) && space.host.count > suffix.count
        }
        return host == space.host
    }
}
