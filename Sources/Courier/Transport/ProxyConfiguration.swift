import Foundation

/// Which proxy a session sends its requests through.
public enum ProxyConfiguration: Sendable, Hashable {
    /// Read `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy` (lower or upper case; lower wins)
    /// from the environment when the session is created.
    case environment
    /// No proxy.
    case none
    /// An HTTP proxy; `https` requests are tunnelled with `CONNECT`.
    case http(host: String, port: Int, credentials: ProxyCredentials? = nil, noProxy: [String] = [])
    /// A SOCKS5 proxy (RFC 1928), with user name and password (RFC 1929) when `credentials` are given.
    /// `resolvesRemotely` sends host names to the proxy to resolve (`socks5h://`) instead of resolving them here.
    case socks5(
        host: String, port: Int, credentials: ProxyCredentials? = nil, resolvesRemotely: Bool = false,
        noProxy: [String] = [])

    /// No proxy: the same as ``none``, spelled so that `request.proxy = .direct` cannot be read as "no value"
    /// (`.none` on an optional means `nil`, the session's proxy).
    public static let direct = ProxyConfiguration.none
}

/// User name and password for an HTTP proxy (sent as `Proxy-Authorization: Basic`).
public struct ProxyCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The user name.
    public var user: String
    /// The password; never shown in ``description``.
    public var password: String
    /// Creates credentials for a proxy.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
    /// The user name with the password redacted.
    public var description: String { "ProxyCredentials(user: \(user), password: <redacted>)" }
}

/// A proxy chosen for one request.
struct ResolvedProxy: Hashable, Sendable {
    var kind: HTTPProxyEndpoint.Kind
    var host: String
    var port: Int
    var credentials: ProxyCredentials?
    /// SOCKS5 only: the proxy resolves host names (`socks5h://`).
    var resolvesRemotely = false
}

/// The proxies of a session after reading the environment, and the choice per request.
struct ProxySelector: Sendable {
    var httpProxy: ResolvedProxy?
    var httpsProxy: ResolvedProxy?
    var noProxy: [String]

    /// Builds the selector, reading the environment for `.environment`.
    /// - Throws: `invalidConfiguration` for SOCKS credentials or an unparsable proxy URL.
    init(_ configuration: ProxyConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws
    {
        switch configuration {
        case .none:
            self.init(httpProxy: nil, httpsProxy: nil, noProxy: [])
        case .http(let host, let port, let credentials, let noProxy):
            let proxy = ResolvedProxy(kind: .http, host: host, port: port, credentials: credentials)
            self.init(httpProxy: proxy, httpsProxy: proxy, noProxy: noProxy)
        case .socks5(let host, let port, let credentials, let resolvesRemotely, let noProxy):
            let proxy = ResolvedProxy(
                kind: .socks5, host: host, port: port, credentials: credentials, resolvesRemotely: resolvesRemotely)
            self.init(httpProxy: proxy, httpsProxy: proxy, noProxy: noProxy)
        case .environment:
            func variable(_ name: String) -> String? {
                let value = environment[name.lowercased()] ?? environment[name.uppercased()]
                guard let value, !value.trimmingOWS().isEmpty else { return nil }
                return value
            }
            let all = try variable("all_proxy").map { try Self.parse($0, variable: "all_proxy") }
            // HTTP_PROXY in upper case is ignored for plain http by curl (CGI's HTTP_PROXY header
            // injection, "httpoxy"); Courier follows curl and reads only the lower-case name for http.
            let http = try environment["http_proxy"].flatMap { $0.isEmpty ? nil : $0 }.map {
                try Self.parse($0, variable: "http_proxy")
            }
            let https = try variable("https_proxy").map { try Self.parse($0, variable: "https_proxy") }
            let noProxy = (variable("no_proxy") ?? "").split(separator: ",").map {
                $0.trimmingOWS()
            }.filter { !$0.isEmpty }
            self.init(httpProxy: http ?? all, httpsProxy: https ?? all, noProxy: noProxy)
        }
    }

    init(httpProxy: ResolvedProxy?, httpsProxy: ResolvedProxy?, noProxy: [String]) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.noProxy = noProxy
    }

    /// Parses `http://user:pass@host:port`, `socks5://user:pass@host:port`, `socks5h://…` or a bare `host:port`.
    static func parse(_ value: String, variable: String) throws -> ResolvedProxy {
        let text = value.contains("://") ? value : "http://" + value
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw CourierError(
                .invalidConfiguration,
                outcome: .notSent,
                message: "\(variable)=\(value) is not a proxy URL; write it as http://host:port"
            )
        }
        let scheme = components.scheme?.lowercased() ?? "http"
        let credentials: ProxyCredentials? = components.user.map {
            ProxyCredentials(
                user: URLEncoding.decode($0) ?? $0,
                password: components.password.map { URLEncoding.decode($0) ?? $0 } ?? ""
            )
        }
        switch scheme {
        case "http", "https":
            return ResolvedProxy(kind: .http, host: host, port: components.port ?? 80, credentials: credentials)
        case "socks5", "socks5h", "socks":
            return ResolvedProxy(
                kind: .socks5, host: host, port: components.port ?? 1080, credentials: credentials,
                resolvesRemotely: scheme == "socks5h")
        default:
            throw CourierError(
                .invalidConfiguration,
                outcome: .notSent,
                message: "\(variable): unsupported proxy scheme \"\(scheme)\"; use http:// or socks5://"
            )
        }
    }

    /// The proxy for a URL, honouring `no_proxy` (`*`, exact hosts, domain suffixes with or without a
    /// leading dot, `host:port`, and IP addresses).
    func proxy(for url: URL) -> ResolvedProxy? {
        if httpProxy == nil && httpsProxy == nil { return nil }
        guard let host = url.host?.lowercased() else { return nil }
        let scheme = url.scheme?.lowercased()
        let candidate = scheme == "https" ? httpsProxy : (scheme == "http" ? httpProxy : nil)
        guard let candidate else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let bareHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        for rawEntry in noProxy {
            var entry = rawEntry.lowercased()
            if entry == "*" { return nil }
            var entryPort: Int?
            if let colon = entry.lastIndex(of: ":"), !entry.hasSuffix("]"), entry.filter({ $0 == ":" }).count == 1,
                let parsed = Int(entry[entry.index(after: colon)...])
            {
                entryPort = parsed
                entry = String(entry[..<colon])
            }
            if let entryPort, entryPort != port { continue }
            if entry.hasPrefix("[") && entry.hasSuffix("]") { entry = String(entry.dropFirst().dropLast()) }
            if entry.hasPrefix("*.") { entry.removeFirst() }
            if entry.hasPrefix(".") {
                if bareHost.hasSuffix(entry) || bareHost == String(entry.dropFirst()) { return nil }
            } else if bareHost == entry || bareHost.hasSuffix("." + entry) {
                return nil
            }
        }
        return candidate
    }
}
