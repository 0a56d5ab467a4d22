/// What a pooled connection is for: requests with equal keys may share a connection.
struct HTTPConnectionKey: Hashable, Sendable {
    /// The scheme of the origin.
    enum Scheme: String, Hashable, Sendable {
        case http
        case https
    }

    var scheme: Scheme
    /// The origin's host name or IP literal (IPv6 without brackets).
    var host: String
    var port: Int
    /// The proxy the connection goes through, if any.
    var proxy: HTTPProxyEndpoint?
    /// The TLS settings for `https` (required for it; ignored for `http`).
    var tls: TLSClientProfile?
    /// Never negotiate HTTP/2 (for example for NTLM, which authenticates a connection).
    var http1Only: Bool = false
    /// Overrides the pool's per-host limit of HTTP/1.1 connections (1 for NTLM's dedicated connection).
    var maximumConnections: Int?

    /// Makes a key.
    init(
        scheme: Scheme, host: String, port: Int, proxy: HTTPProxyEndpoint? = nil, tls: TLSClientProfile? = nil,
        http1Only: Bool = false, maximumConnections: Int? = nil
    ) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.proxy = proxy
        self.tls = tls
        self.http1Only = http1Only
        self.maximumConnections = maximumConnections
    }

    /// `host:port`, with brackets around an IPv6 literal, for messages and `Host` headers.
    var authority: String {
        host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Whether the connection goes through a tunnel (CONNECT or SOCKS5) rather than straight to the origin or
    /// to an HTTP proxy that takes absolute-form requests.
    var needsTunnel: Bool {
        guard let proxy else { return false }
        return proxy.kind == .socks5 || scheme == .https
    }

    /// Whether requests use absolute-form targets (plain `http` through an HTTP proxy).
    var usesAbsoluteForm: Bool {
        proxy?.kind == .http && scheme == .http
    }
}
