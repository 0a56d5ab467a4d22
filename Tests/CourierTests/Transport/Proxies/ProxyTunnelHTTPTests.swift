import HTTPTypes
import NIOCore
import Synchronization
import Testing

@testable import Courier

/// ``ProxyTunnel`` against in-process HTTP proxies on 127.0.0.1.
struct ProxyTunnelHTTPTests {
    private typealias Reply = FakeHTTPProxyHandler.Reply

    private func startProxy(_ replies: [Reply]) async throws -> FakeProxyServer {
        try await FakeProxyServer { connection, server in
            FakeHTTPProxyHandler(replies: replies, connection: connection, server: server)
        }
    }

    @Test func connectSucceedsAndTheTunnelCarriesBytesBothWaysIncludingBytesPipelinedAfterThe200() async throws {
        let server = try await startProxy([
            Reply(bytes: "HTTP/1.1 200 Connection established\r\nVia: test\r\n\r\nhello from target", then: .tunnel)
        ])
        // Called through the contract's function type, as part A will.
        let establish: ProxyTunnelEstablisher = ProxyTunnel().establish
        let echoed = try await withProxyConnection(port: server.port) { channel in
            try await establish(channel, "origin.example", 8443, .localHTTP(port: server.port), nil)
            let collector = try await attachCollector(to: channel)
            try await channel.writeAndFlush(ByteBuffer(string: "ping")).get()
            let bytes = await collector.read(count: 20)
            // Once the caller's handlers read, the bytes that came with the 200 are handed over and nothing of the
            // establisher stays in the pipeline.
            #expect(try await hasTunnelHandlers(channel) == false)
            return bytes
        }
        #expect(String(decoding: echoed, as: UTF8.self) == "hello from targetping")
        let requests = server.recorded
        #expect(requests.count == 1)
        #expect(requests.first?.text == "CONNECT origin.example:8443 HTTP/1.1\r\nHost: origin.example:8443\r\n\r\n")
        try await server.stop()
    }

    @Test func connectWithoutPipelinedBytesLeavesNoHandlerBehind() async throws {
        let server = try await startProxy([Reply(bytes: "HTTP/1.0 200 OK\r\n\r\n", then: .tunnel)])
        let echoed = try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "::1", targetPort: 443, proxy: .localHTTP(port: server.port),
                authorize: nil)
            #expect(try await hasTunnelHandlers(channel) == false)
            let collector = try await attachCollector(to: channel)
            try await channel.writeAndFlush(ByteBuffer(string: "abc")).get()
            return await collector.read(count: 3)
        }
        #expect(echoed == Array("abc".utf8))
        #expect(server.recorded.first?.text.hasPrefix("CONNECT [::1]:443 HTTP/1.1\r\nHost: [::1]:443\r\n") == true)
        try await server.stop()
    }

    @Test(arguments: [
        "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"p\"\r\nContent-Length: 5\r\n\r\nnope!",
        "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"p\"\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nnop\r\n2\r\ne!\r\n0\r\nX-Trailer: 1\r\n\r\n",
    ])
    func challengeIsAnsweredOnTheSameConnection(challenge: String) async throws {
        let server = try await startProxy([
            Reply(bytes: challenge, then: .keepOpen),
            Reply(bytes: "HTTP/1.1 200 OK\r\n\r\n", then: .tunnel),
        ])
        let asked = Mutex<[(String, Int)]>([])
        let echoed = try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "origin.example", targetPort: 443, proxy: .localHTTP(port: server.port)
            ) { challenge, attempt in
                asked.withLock { $0.append((challenge.headerFields[.proxyAuthenticate] ?? "", attempt)) }
                return "Basic dXNlcjpwYXNz"
            }
            let collector = try await attachCollector(to: channel)
            try await channel.writeAndFlush(ByteBuffer(string: "x")).get()
            return await collector.read(count: 1)
        }
        #expect(echoed == Array("x".utf8))
        let calls = asked.withLock { $0 }
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "Basic realm=\"p\"")
        #expect(calls.first?.1 == 1)
        let requests = server.recorded
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.connection == 0 })
        #expect(requests.last?.text.contains("\r\nProxy-Authorization: Basic dXNlcjpwYXNz\r\n") == true)
        try await server.stop()
    }

    @Test func challengeWithConnectionCloseAsksForANewConnectionWithTheAnswer() async throws {
        let server = try await startProxy([
            Reply(
                bytes: "HTTP/1.1 407 Auth\r\nProxy-Authenticate: Basic realm=\"p\"\r\nConnection: close\r\n"
                    + "Content-Length: 0\r\n\r\n",
                then: .close)
        ])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port)
                ) { _, _ in "Basic abc" }
            }
        }
        #expect(error?.kind == .newConnectionRequired(proxyAuthorization: "Basic abc"))
        #expect(error?.needsNewConnection == true)
        #expect(error?.description.contains("127.0.0.1:\(server.port)") == true)
        #expect(error?.description.contains("new connection") == true)
        try await server.stop()
    }

    @Test func proxyClosingAfterAKeepAliveChallengeAlsoAsksForANewConnection() async throws {
        let server = try await startProxy([
            Reply(
                bytes: "HTTP/1.1 407 Auth\r\nProxy-Authenticate: Basic realm=\"p\"\r\nContent-Length: 0\r\n\r\n",
                then: .close)
        ])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port)
                ) { _, _ in "Basic abc" }
            }
        }
        #expect(error?.kind == .newConnectionRequired(proxyAuthorization: "Basic abc"))
        try await server.stop()
    }

    @Test func retryOnANewConnectionSendsTheAnswerFirst() async throws {
        let server = try await startProxy([Reply(bytes: "HTTP/1.1 200 OK\r\n\r\n", then: .tunnel)])
        var tunnel = ProxyTunnel()
        tunnel.initialProxyAuthorization = "Basic abc"
        try await withProxyConnection(port: server.port) { [tunnel] channel in
            try await tunnel.establish(
                channel: channel, targetHost: "origin.example", targetPort: 443, proxy: .localHTTP(port: server.port),
                authorize: nil)
        }
        #expect(server.recorded.first?.text.contains("Proxy-Authorization: Basic abc\r\n") == true)
        try await server.stop()
    }

    @Test func challengeWithoutAnAuthorizerFailsClearly() async throws {
        let server = try await startProxy([
            Reply(bytes: "HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n", then: .keepOpen)
        ])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: nil)
            }
        }
        #expect(error?.kind == .authenticationRequired(statusLine: "407 Proxy Authentication Required"))
        try await server.stop()
    }

    @Test func repeatedChallengesStopAfterTheAttemptLimit() async throws {
        let challenge = Reply(bytes: "HTTP/1.1 407 No\r\nContent-Length: 0\r\n\r\n", then: .keepOpen)
        let server = try await startProxy(Array(repeating: challenge, count: 10))
        var tunnel = ProxyTunnel()
        tunnel.maximumAuthorizationAttempts = 3
        let attempts = Mutex<[Int]>([])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { [tunnel] channel in
                try await tunnel.establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port)
                ) { _, attempt in
                    attempts.withLock { $0.append(attempt) }
                    return "Basic wrong"
                }
            }
        }
        #expect(error?.kind == .authenticationFailed(attempts: 3))
        #expect(attempts.withLock { $0 } == [1, 2, 3])
        #expect(server.recorded.count == 4)
        try await server.stop()
    }

    @Test func forbiddenNamesTheProxyAndTheStatusLine() async throws {
        let server = try await startProxy([
            Reply(bytes: "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n", then: .keepOpen)
        ])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: nil)
            }
        }
        #expect(error?.kind == .rejected(statusLine: "HTTP/1.1 403 Forbidden"))
        #expect(
            error?.description
                == "proxy 127.0.0.1:\(server.port) refused the tunnel to origin.example:443: HTTP/1.1 403 Forbidden")
        try await server.stop()
    }

    @Test(arguments: [
        ("SSH-2.0-OpenSSH_9.2\r\n\r\n", "not HTTP/1.x"),
        ("HTTP/1.1 2x0 OK\r\n\r\n", "three-digit"),
        ("HTTP/1.1 407 No\r\nContent-Length: 12, 13\r\n\r\n", "Content-Length"),
        ("HTTP/1.1 200 OK\r\nBad Header\r\n\r\n", "no colon"),
    ])
    func garbageIsAClearError(answer: String, detail: String) async throws {
        let server = try await startProxy([Reply(bytes: answer, then: .keepOpen)])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: { _, _ in "x" })
            }
        }
        guard case .malformedResponse(let text) = error?.kind else {
            Issue.record("expected a malformed-response error, got \(String(describing: error))")
            try await server.stop()
            return
        }
        #expect(text.contains(detail))
        try await server.stop()
    }

    @Test func oversizedHeadIsAnErrorNotAHang() async throws {
        let filler = String(repeating: "X-Filler: " + String(repeating: "a", count: 100) + "\r\n", count: 40)
        let server = try await startProxy([Reply(bytes: "HTTP/1.1 200 OK\r\n" + filler, then: .keepOpen)])
        var tunnel = ProxyTunnel()
        tunnel.limits.maximumHeadBytes = 2048
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { [tunnel] channel in
                try await tunnel.establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: nil)
            }
        }
        #expect(error?.kind == .responseTooLarge(limit: 2048))
        try await server.stop()
    }

    @Test func proxyClosingMidHeadIsAClearError() async throws {
        let server = try await startProxy([Reply(bytes: "HTTP/1.1 200 Conn", then: .close)])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: nil)
            }
        }
        #expect(error?.kind == .connectionClosed)
        #expect(error?.description.contains("127.0.0.1:\(server.port) closed the connection") == true)
        try await server.stop()
    }

    @Test func silentProxyTimesOut() async throws {
        // The proxy never answers; the short timeout is the bound under test, not a measurement.
        let server = try await FakeProxyServer { _, _ in SilentHandler() }
        var tunnel = ProxyTunnel()
        tunnel.timeout = .milliseconds(50)
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { [tunnel] channel in
                try await tunnel.establish(
                    channel: channel, targetHost: "silent.example", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: nil)
            }
        }
        #expect(error?.kind == .timedOut(milliseconds: 50))
        try await server.stop()
    }

    @Test func targetWithALineBreakIsRefusedBeforeAnythingIsSent() async throws {
        let server = try await startProxy([])
        let error = await proxyError {
            try await withProxyConnection(port: server.port) { channel in
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "evil\r\nX-Injected: 1", targetPort: 443,
                    proxy: .localHTTP(port: server.port), authorize: nil)
            }
        }
        guard case .invalidTarget = error?.kind else {
            Issue.record("expected invalidTarget, got \(String(describing: error))")
            try await server.stop()
            return
        }
        #expect(server.recorded.isEmpty)
        try await server.stop()
    }
}
