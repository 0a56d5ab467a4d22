import HTTPTypes
import NIOCore
import NIOEmbedded
import Testing

@testable import Courier

/// ``HTTPConnectHandler`` on an `EmbeddedChannel`: fragmented input, leftover bytes, the injected clock for the
/// timeout.
struct HTTPConnectHandlerTests {
    private let proxy = HTTPProxyEndpoint(kind: .http, host: "proxy.test", port: 3128)

    private func makeChannel() throws -> (EmbeddedChannel, HTTPConnectHandler) {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 3128)).wait()
        let proxy = self.proxy
        let handler = HTTPConnectHandler(limits: .init(), timeout: .seconds(30)) {
            ProxyTunnelError($0, proxy: proxy, targetHost: "origin.test", targetPort: 443)
        }
        try channel.pipeline.syncOperations.addHandler(handler)
        return (channel, handler)
    }

    private func send(
        _ handler: HTTPConnectHandler, on channel: EmbeddedChannel, authorization: String? = nil
    ) throws -> EventLoopFuture<HTTPConnectHandler.Outcome> {
        let promise = channel.eventLoop.makePromise(of: HTTPConnectHandler.Outcome.self)
        handler.send(
            try HTTPConnectRequest(targetHost: "origin.test", targetPort: 443, proxyAuthorization: authorization),
            promise: promise)
        return promise.futureResult
    }

    private func result(
        _ future: EventLoopFuture<HTTPConnectHandler.Outcome>
    ) -> Result<HTTPConnectHandler.Outcome, any Error>? {
        var result: Result<HTTPConnectHandler.Outcome, any Error>?
        future.assumeIsolated().whenComplete { result = $0 }
        return result
    }

    private func writeByteByByte(_ text: String, to channel: EmbeddedChannel) throws {
        for byte in Array(text.utf8) {
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
        }
    }

    @Test func byteByByteSuccessKeepsPipelinedBytesUntilTheFirstRead() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        let request = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(String(buffer: request) == "CONNECT origin.test:443 HTTP/1.1\r\nHost: origin.test:443\r\n\r\n")
        try writeByteByByte("HTTP/1.1 200 Connection established\r\n\r", to: channel)
        #expect(result(future).map { _ in false } ?? true)
        // The end of the head and the target's first bytes arrive in one read.
        try channel.writeInbound(ByteBuffer(string: "\nfirst"))
        guard case .success(.established) = result(future) else {
            Issue.record("expected the tunnel to be established")
            return
        }
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: HTTPConnectHandler.self) }
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        // New bytes come after the held ones, in order.
        try channel.writeInbound(ByteBuffer(string: "second"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "first"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "second"))
        #expect(throws: (any Error).self) {
            try channel.pipeline.syncOperations.handler(type: TunnelLeftoverHandler.self)
        }
        _ = try channel.finish()
    }

    @Test func heldBytesAreReleasedByTheFirstRead() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\nbanner"))
        guard case .success(.established) = result(future) else {
            Issue.record("expected the tunnel to be established")
            return
        }
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        ProxyTunnel.resumeReading(channel)
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "banner"))
        #expect(throws: (any Error).self) {
            try channel.pipeline.syncOperations.handler(type: TunnelLeftoverHandler.self)
        }
        _ = try channel.finish()
    }

    @Test func challengeThenSuccessOnTheSameChannel() throws {
        let (channel, handler) = try makeChannel()
        let first = try send(handler, on: channel)
        _ = try channel.readOutbound(as: ByteBuffer.self)
        try writeByteByByte(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 407 Auth\r\nProxy-Authenticate: NTLM\r\nContent-Length: 2\r\n\r\nok",
            to: channel)
        guard case .success(.challenge(let response, reusable: true)) = result(first) else {
            Issue.record("expected a reusable challenge")
            return
        }
        #expect(response.headerFields[.proxyAuthenticate] == "NTLM")
        let second = try send(handler, on: channel, authorization: "NTLM TlRMTVNTUAAB")
        let request = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(String(buffer: request).contains("\r\nProxy-Authorization: NTLM TlRMTVNTUAAB\r\n"))
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n"))
        guard case .success(.established) = result(second) else {
            Issue.record("expected the tunnel to be established")
            return
        }
        _ = try channel.finish()
    }

    @Test func closeWhileReadingTheChallengeBodyNeedsANewConnection() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 407 Auth\r\nContent-Length: 10\r\n\r\nabc"))
        #expect(result(future).map { _ in false } ?? true)
        channel.pipeline.fireChannelInactive()
        guard case .success(.challenge(_, reusable: false)) = result(future) else {
            Issue.record("expected a challenge that needs a new connection")
            return
        }
    }

    @Test func interimSwitchingProtocolsIsAnError() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 101 Switching Protocols\r\n\r\n"))
        guard case .failure(let error as ProxyTunnelError) = result(future), case .malformedResponse = error.kind else {
            Issue.record("expected a malformed-response error")
            return
        }
    }

    @Test func bytesAfterTheChallengeBodyAreAnError() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        try channel.writeInbound(
            ByteBuffer(string: "HTTP/1.1 407 Auth\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"))
        guard case .failure(let error as ProxyTunnelError) = result(future), case .malformedResponse = error.kind else {
            Issue.record("expected a malformed-response error")
            return
        }
    }

    @Test func timeoutFollowsTheInjectedClockAndClosesTheChannel() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 200"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(result(future).map { _ in false } ?? true)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        guard case .failure(let error as ProxyTunnelError) = result(future) else {
            Issue.record("expected a timeout")
            return
        }
        #expect(error.kind == .timedOut(milliseconds: 30_000))
        #expect(
            error.description == "proxy proxy.test:3128 did not finish the tunnel to origin.test:443 within 30000 ms")
        #expect(!channel.isActive)
    }

    @Test func abortBeforeSendingFailsTheNextExchange() throws {
        let (channel, handler) = try makeChannel()
        handler.abort(.cancelled)
        let future = try send(handler, on: channel)
        guard case .failure(let error as ProxyTunnelError) = result(future) else {
            Issue.record("expected a cancellation")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    }

    @Test func connectionErrorsDuringTheHandshakeNameTheProxy() throws {
        let (channel, handler) = try makeChannel()
        let future = try send(handler, on: channel)
        channel.pipeline.fireErrorCaught(IOError(errnoCode: 104, reason: "read"))
        guard case .failure(let error as ProxyTunnelError) = result(future),
            case .connectionFailed = error.kind
        else {
            Issue.record("expected a connection failure")
            return
        }
        #expect(error.description.hasPrefix("the connection to proxy proxy.test:3128 failed during the tunnel"))
    }
}
