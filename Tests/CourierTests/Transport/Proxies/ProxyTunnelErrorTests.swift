import NIOCore
import NIOPosix
import Testing

@testable import Courier

/// ``ProxyTunnelError`` messages name the proxy.
struct ProxyTunnelErrorTests {
    @Test func unreachableProxyIsNamed() async throws {
        // A port that was just listened on and closed refuses connections.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let listener = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        try await listener.close()
        let proxy = HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: port)
        do {
            _ = try await ClientBootstrap(group: group).connect(host: "127.0.0.1", port: port).get()
            Issue.record("the connection should have been refused")
        } catch {
            let wrapped = ProxyTunnelError.unreachable(proxy, targetHost: "origin.test", targetPort: 443, cause: error)
            #expect(wrapped.description.hasPrefix("cannot connect to proxy 127.0.0.1:\(port): "))
        }
        try await group.shutdownGracefully()
    }

    @Test func messagesNameTheProxyAndBracketIPv6() {
        let proxy = HTTPProxyEndpoint(kind: .socks5, host: "::1", port: 1080)
        let error = ProxyTunnelError(
            .socksConnectFailed(reply: 5), proxy: proxy, targetHost: "db.internal", targetPort: 5432)
        #expect(
            error.description
                == "SOCKS5 proxy [::1]:1080 could not connect to db.internal:5432: connection refused (reply 5)")
        let rejected = ProxyTunnelError(
            .rejected(statusLine: "HTTP/1.1 502 Bad Gateway"), proxy: proxy, targetHost: "x", targetPort: 1)
        #expect(rejected.description == "proxy [::1]:1080 refused the tunnel to x:1: HTTP/1.1 502 Bad Gateway")
        #expect(ProxyTunnelError.socksReplyMessage(0x42) == "unassigned reply code")
    }
}
