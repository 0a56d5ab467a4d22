import NIOCore
import NIOPosix
import Testing

@testable import Courier

#if canImport(Glibc)
    import Glibc
#endif

/// ``ProxyTunnelError`` messages name the proxy.
struct ProxyTunnelErrorTests {
    @Test func unreachableProxyIsNamed() async throws {
        // A socket bound but never listening holds the port: connecting is refused, and no other test's server
        // can take the port meanwhile (a port that was merely free a moment ago can be).
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(holder, pointer, length) == 0 && getsockname(holder, pointer, &length) == 0
            }
        }
        try #require(holder >= 0 && bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
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
