import HTTPTypes
import NIOCore

/// Where a proxied connection goes first.
struct HTTPProxyEndpoint: Hashable, Sendable {
    /// The protocol the proxy speaks.
    enum Kind: Hashable, Sendable {
        /// An HTTP proxy: absolute-form requests for `http`, a `CONNECT` tunnel for `https`.
        case http
        /// A SOCKS5 proxy: every connection goes through its tunnel.
        case socks5
    }

    var kind: Kind
    var host: String
    var port: Int
    var username: String?
    var password: String?
    /// SOCKS5 only: send the host name to the proxy (`socks5h://`) instead of resolving it locally.
    var resolvesRemotely: Bool = false
}

/// Establishes a tunnel through a proxy on a channel already connected to the proxy, before TLS to the origin.
///
/// The connection pool calls it for `https` through an HTTP proxy and for everything through SOCKS5. It throws
/// when the proxy refuses; `authorize` is asked when an HTTP proxy answers `CONNECT` with 407.
typealias ProxyTunnelEstablisher =
    @Sendable (
        _ channel: any Channel, _ targetHost: String, _ targetPort: Int, _ proxy: HTTPProxyEndpoint,
        _ authorize: ProxyAuthorizer?
    ) async throws -> Void

/// Answers a proxy's 407 challenge: returns the `Proxy-Authorization` value to retry with, or nil to give up.
typealias ProxyAuthorizer = @Sendable (_ challenge: HTTPResponse, _ attempt: Int) async -> String?
