import NIOCore
import Testing

@testable import Courier

/// ``ProxyTunnel`` against in-process SOCKS5 proxies on 127.0.0.1.
struct ProxyTunnelSOCKS5Tests {
    private func startProxy(_ script: FakeSOCKS5ProxyHandler.Script) async throws -> FakeProxyServer {
        try await FakeProxyServer { connection, server in
            FakeSOCKS5ProxyHandler(script: script, connection: connection, server: server)
        }
    }

    @Test func noAuthenticationTunnelCarriesBytesBothWays() async throws {
        let server = try await startProxy(.init(greeting: "220 ready\r\n"))
        let echoed = try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "10.1.2.3", targetPort: 25, proxy: .localSOCKS5(port: server.port),
                authorize: nil)
            let collector = try await attachCollector(to: channel)
            try await channel.writeAndFlush(ByteBuffer(string: "EHLO")).get()
            let bytes = await collector.read(count: 15)
            #expect(try await hasTunnelHandlers(channel) == false)
            return bytes
        }
        #expect(String(decoding: echoed, as: UTF8.self) == "220 ready\r\nEHLO")
        #expect(server.recorded.map(\.text) == ["methods [0]", "connect atyp=1 addr=[10, 1, 2, 3] port=25"])
        try await server.stop()
    }

    @Test func usernameAndPasswordAreSentAndTheHostNameGoesToTheProxyForSocks5h() async throws {
        let server = try await startProxy(.init(credentials: ("alice", "s3cret")))
        try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "origin.example", targetPort: 443,
                proxy: .localSOCKS5(port: server.port, username: "alice", password: "s3cret", resolvesRemotely: true),
                authorize: nil)
        }
        #expect(
            server.recorded.map(\.text) == [
                "methods [0, 2]", "auth alice:s3cret", "connect atyp=3 addr=origin.example port=443",
            ])
        try await server.stop()
    }

    @Test func hostNamesAreResolvedLocallyWithoutSocks5h() async throws {
        let server = try await startProxy(.init())
        var tunnel = ProxyTunnel()
        tunnel.resolver = { host, port in
            #expect(host == "origin.example")
            return try SocketAddress(ipAddress: "2001:db8::7", port: port)
        }
        try await withProxyConnection(port: server.port) { [tunnel] channel in
            try await tunnel.establish(
                channel: channel, targetHost: "origin.example", targetPort: 443,
                proxy: .localSOCKS5(port: server.port), authorize: nil)
        }
        #expect(
            server.recorded.last?.text
                == "connect atyp=4 addr=[32, 1, 13, 184, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7] port=443")
        try await server.stop()
    }

    @Test func ipv6LiteralTargetsUseTheIPv6AddressType() async throws {
        let server = try await startProxy(.init())
        try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "[::1]", targetPort: 8080,
                proxy: .localSOCKS5(port: server.port, resolvesRemotely: true), authorize: nil)
        }
        #expect(
            server.recorded.last?.text
                == "connect atyp=4 addr=[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] port=8080")
        try await server.stop()
    }

    @Test func wrongPasswordIsAClearError() async throws {
        let server = try await startProxy(.init(credentials: ("alice", "s3cret")))
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localSOCKS5(
                        port: server.port, username: "alice", password: "wrong", resolvesRemotely: true),
                    authorize: nil)
            }
        }
        #expect(error?.kind == .socksAuthenticationFailed(status: 1))
        #expect(
            error?.description == "SOCKS5 proxy 127.0.0.1:\(server.port) rejected the user name and password (status 1)"
        )
        try await server.stop()
    }

    @Test func proxyThatNeedsCredentialsSaysSoWhenNoneAreGiven() async throws {
        let server = try await startProxy(.init(credentials: ("alice", "s3cret")))
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localSOCKS5(port: server.port, resolvesRemotely: true), authorize: nil)
            }
        }
        #expect(error?.kind == .socksNoAcceptableMethod(offeredUsernamePassword: false))
        #expect(error?.description.contains("may need a user name and password") == true)
        try await server.stop()
    }

    @Test(arguments: [
        (UInt8(1), "general SOCKS server failure"), (2, "connection not allowed by ruleset"),
        (3, "network unreachable"), (4, "host unreachable"), (5, "connection refused"), (6, "TTL expired"),
        (7, "command not supported"), (8, "address type not supported"),
    ])
    func everyReplyCodeHasAClearMessage(reply: UInt8, message: String) async throws {
        let server = try await startProxy(.init(reply: reply))
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "192.0.2.1", targetPort: 443, proxy: .localSOCKS5(port: server.port),
                    authorize: nil)
            }
        }
        #expect(error?.kind == .socksConnectFailed(reply: reply))
        #expect(
            error?.description
                == "SOCKS5 proxy 127.0.0.1:\(server.port) could not connect to 192.0.2.1:443: \(message) (reply \(reply))"
        )
        try await server.stop()
    }

    @Test func unresolvableHostNamesFailBeforeConnecting() async throws {
        let server = try await startProxy(.init())
        var tunnel = ProxyTunnel()
        tunnel.resolver = { _, _ in throw ChannelError.connectTimeout(.seconds(1)) }
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { [tunnel] channel in
                try await tunnel.establish(
                    channel: channel, targetHost: "nowhere.invalid", targetPort: 443,
                    proxy: .localSOCKS5(port: server.port), authorize: nil)
            }
        }
        guard case .cannotResolveTarget = error?.kind else {
            Issue.record("expected cannotResolveTarget, got \(String(describing: error))")
            try await server.stop()
            return
        }
        #expect(server.recorded.isEmpty)
        try await server.stop()
    }

    /// A connection closed before the handshake could start (the request's connect timeout ran out) fails with
    /// an error. The promise for the handshake used to be made before the handler was installed, so it was left
    /// uncompleted here, which a debug build reports as a fatal "leaking promise".
    @Test func aConnectionClosedBeforeTheHandshakeFailsWithoutLeavingAPromise() async throws {
        let server = try await startProxy(.init())
        try await withProxyConnection(port: server.port) { channel in
            try await channel.close()
            await #expect(throws: (any Error).self) {
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "10.1.2.3", targetPort: 25, proxy: .localSOCKS5(port: server.port),
                    authorize: nil)
            }
        }
        try await server.stop()
    }
}
