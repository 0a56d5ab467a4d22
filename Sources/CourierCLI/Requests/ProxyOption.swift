import ArgumentParser
import Courier
import Foundation

/// `--proxy URL`: an HTTP proxy (`http://[user:pass@]host[:port]`), a SOCKS5 proxy (`socks5://[user:pass@]host[:port]`,
/// or `socks5h://` to let the proxy resolve host names), or `none`. Without it the session reads the
/// `http_proxy`/`https_proxy`/`all_proxy`/`no_proxy` environment, as curl does.
enum ProxyOption {
    /// The library's proxy configuration for the option's value.
    /// - Throws: `ValidationError` (exit 2) for a value that is not a proxy URL.
    static func configuration(for value: String) throws -> ProxyConfiguration {
        if value.lowercased() == "none" { return .none }
        let text = value.contains("://") ? value : "http://" + value
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            components.path.isEmpty || components.path == "/"
        else {
            throw ValidationError(
                "--proxy \(value) is not a proxy URL; write it as http://host:port or socks5://host:port")
        }
        let scheme = components.scheme?.lowercased() ?? "http"
        let user = components.percentEncodedUser.map { $0.removingPercentEncoding ?? $0 }
        let password = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
        switch scheme {
        case "http":
            let credentials = user.map { ProxyCredentials(user: $0, password: password ?? "") }
            return .http(host: host, port: components.port ?? 80, credentials: credentials)
        case "socks5", "socks5h", "socks":
            let credentials = user.map { ProxyCredentials(user: $0, password: password ?? "") }
            return .socks5(
                host: host, port: components.port ?? 1080, credentials: credentials,
                resolvesRemotely: scheme == "socks5h")
        default:
            throw ValidationError("--proxy: unsupported proxy scheme \"\(scheme)\"; use http:// or socks5://")
        }
    }
}
