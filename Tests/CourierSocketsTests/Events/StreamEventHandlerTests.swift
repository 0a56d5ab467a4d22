import NIOCore
import NIOEmbedded
import Testing

@testable import CourierSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct StreamEventHandlerTests {
    @Test func wrapsFramesAndReportsWritability() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(StreamEventHandler(idleReadTimeout: nil, host: nil))
        try channel.writeInbound(ByteBuffer(string: "x"))
        guard case .frame(let frame) = try channel.readInbound(as: SocketInbound.self) else {
            Issue.record("expected a frame")
            return
        }
        #expect(frame == ByteBuffer(string: "x"))
        channel.pipeline.fireChannelWritabilityChanged()
        guard case .writable = try channel.readInbound(as: SocketInbound.self) else {
            Issue.record("expected writability")
            return
        }
        _ = try channel.finish()
    }

    @Test func anIdleReadBecomesATimeoutAndClosesTheChannel() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            StreamEventHandler(idleReadTimeout: .seconds(5), host: nil)
        )
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(throws: SocketError.self) { try channel.throwIfErrorCaught() }
        #expect(!channel.isActive)
    }

    @Test func resetsMapToNetworkConnectionLost() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(StreamEventHandler(idleReadTimeout: nil, host: "example"))
        channel.pipeline.fireErrorCaught(IOError(errnoCode: ECONNRESET, reason: "read"))
        do {
            try channel.throwIfErrorCaught()
            Issue.record("expected an error")
        } catch let error as SocketError {
            #expect(error.code == .networkConnectionLost)
        }
    }
}
