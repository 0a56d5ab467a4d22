import Foundation

extension URL {
    /// The URL's origin, `scheme://host:port`: scheme and host lowercased, the default port of `http` and
    /// `https` filled in (`-1` for schemes without one). Same-origin rules compare it: stored credentials, secret
    /// header fields on redirects, cache invalidation and connections dedicated to NTLM all stay within one.
    var origin: String {
        let scheme = scheme?.lowercased() ?? ""
        let defaultPort = scheme == "https" ? 443 : (scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host?.lowercased() ?? ""):\(port ?? defaultPort)"
    }

    /// Whether both URLs have the same scheme, host and port.
    func isSameOrigin(as other: URL) -> Bool { origin == other.origin }
}
