import NIOCore
import NIOEmbedded
import Testing

@testable import Courier

/// ``SOCKS5Handler`` on an `EmbeddedChannel`, with the proxy's answers fed one byte at a time.
struct SOCKS5HandlerTests {
    private func makeChannel(
        username: String? = nil, password: String? = nil
    ) throws -> (EmbeddedChannel, SOCKS5Handler) {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1080)).wait()
        let machine = try SOCKS5StateMachine(
            target: .domainName("origin.test"), port: 443, username: username, password: password)
        let proxy = HTTPProxyEndpoint(kind: .socks5, host: "socks.test", port: 1080)
        let handler = SOCKS5Handler(machine: machine, timeout: .seconds(10)) {
            ProxyTunnelError($0, proxy: proxy, targetHost: "origin.test", targetPort: 443)
        }
        try channel.pipeline.syncOperations.addHandler(handler)
        return (channel, handler)
    }

    private func outcome(_ future: EventLoopFuture<Void>) -> Result<Void, any Error>? {
        var result: Result<Void, any Error>?
        future.assumeIsolated().whenComplete { result = $0 }
        return result
    }

    private func feed(_ bytes: [UInt8], to channel: EmbeddedChannel) throws {
        for byte in bytes { try channel.writeInbound(ByteBuffer(bytes: [byte])) }
    }

    @Test func usernamePasswordHandshakeByteByByte() throws {
        let (channel, handler) = try makeChannel(username: "u", password: "p")
        let promise = channel.eventLoop.makePromise(of: Void.self)
        handler.start(promise: promise)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(bytes: [5, 2, 0, 2]))
        try feed([5, 2], to: channel)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(bytes: [1, 1, 0x75, 1, 0x70]))
        try feed([1, 0], to: channel)
        let connect = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(Array(buffer: connect) == [5, 1, 0, 3, 11] + Array("origin.test".utf8) + [1, 0xBB])
        try feed([5, 0, 0, 1, 0, 0, 0, 0, 0], to: channel)
        #expect(outcome(promise.futureResult).map { _ in false } ?? true)
        try channel.writeInbound(ByteBuffer(bytes: [0, 0x48, 0x49]))
        guard case .success = outcome(promise.futureResult) else {
            Issue.record("expected the tunnel to be established")
            return
        }
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: SOCKS5Handler.self) }
        ProxyTunnel.resumeReading(channel)
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "HI"))
        _ = try channel.finish()
    }

    @Test func closingMidReplyIsAClearError() throws {
        let (channel, handler) = try makeChannel()
        let promise = channel.eventLoop.makePromise(of: Void.self)
        handler.start(promise: promise)
        try feed([5, 0, 5], to: channel)
        channel.pipeline.fireChannelInactive()
        guard case .failure(let error as ProxyTunnelError) = outcome(promise.futureResult) else {
            Issue.record("expected an error")
            return
        }
        #expect(error.kind == .connectionClosed)
        #expect(error.description.contains("socks.test:1080"))
    }

    @Test func garbageIsAClearError() throws {
        let (channel, handler) = try makeChannel()
        let promise = channel.eventLoop.makePromise(of: Void.self)
        handler.start(promise: promise)
        try feed(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8), to: channel)
        guard case .failure(let error as ProxyTunnelError) = outcome(promise.futureResult),
            case .malformedResponse = error.kind
        else {
            Issue.record("expected a malformed-response error")
            return
        }
        #expect(!channel.isActive)
    }
}
