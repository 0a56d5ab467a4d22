import NIOCore
import NIOEmbedded
import Testing

@testable import Courier

/// The flushes of one event-loop turn reach the connection as one.
@Suite struct FlushCoalescingHandlerTests {
    /// Counts the flushes that pass it, toward the socket.
    final class FlushCounter: ChannelOutboundHandler {
        typealias OutboundIn = NIOAny
        var flushes = 0

        func flush(context: ChannelHandlerContext) {
            flushes += 1
            context.flush()
        }
    }

    func makeChannel() throws -> (EmbeddedChannel, FlushCounter) {
        let counter = FlushCounter()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(FlushCoalescingHandler())
        return (channel, counter)
    }

    @Test func flushesOfOneTurnBecomeOne() throws {
        let (channel, counter) = try makeChannel()
        for index in 0..<16 {
            channel.write(ByteBuffer(string: "stream \(index)"), promise: nil)
            channel.flush()
        }
        #expect(counter.flushes == 0)
        channel.embeddedEventLoop.run()
        #expect(counter.flushes == 1)
        // Every write went out with that one flush.
        var written = 0
        while try channel.readOutbound(as: ByteBuffer.self) != nil { written += 1 }
        #expect(written == 16)
        // A later turn gets a flush of its own.
        channel.write(ByteBuffer(string: "later"), promise: nil)
        channel.flush()
        channel.embeddedEventLoop.run()
        #expect(counter.flushes == 2)
        _ = try channel.finish()
    }

    @Test func aFlushAskedForWhileReadingWaitsForTheEndOfTheRead() throws {
        let (channel, counter) = try makeChannel()
        try channel.writeInbound(ByteBuffer(string: "frame"))
        // `writeInbound` ends its read; a flush during a read (as an HTTP/2 handler answering a PING) is held until
        // channelReadComplete, without a task.
        channel.pipeline.fireChannelRead(ByteBuffer(string: "frame"))
        channel.write(ByteBuffer(string: "ack"), promise: nil)
        channel.flush()
        #expect(counter.flushes == 0)
        channel.pipeline.fireChannelReadComplete()
        #expect(counter.flushes == 1)
        channel.embeddedEventLoop.run()
        #expect(counter.flushes == 1)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }
}
