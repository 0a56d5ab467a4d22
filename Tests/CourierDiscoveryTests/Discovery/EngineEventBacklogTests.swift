import NIOCore
import NIOEmbedded
import Testing

@testable import CourierDiscovery

/// The bound on the queue between the sockets and `Discovery`: reads pause at the high watermark and resume at
/// the low one, and a socket's read request made during the pause is issued when it ends.
@Suite struct EngineEventBacklogTests {
    @Test func pausesAtTheHighWatermarkAndResumesAtTheLowOne() {
        let backlog = EngineEventBacklog(highWatermark: 4, lowWatermark: 1)
        for _ in 0..<3 { backlog.added() }
        #expect(backlog.isPaused == false)
        backlog.added()
        #expect(backlog.isPaused)
        #expect(backlog.taken() == false)
        #expect(backlog.taken() == false)
        #expect(backlog.isPaused)
        // Down to the low watermark: the one call that ends the pause says so.
        #expect(backlog.taken())
        #expect(backlog.isPaused == false)
        #expect(backlog.taken() == false)
        #expect(backlog.queued == 0)
    }

    /// Counts the read requests that pass it on their way to the socket.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = AddressedEnvelope<ByteBuffer>
        var reads = 0
        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    @Test func theGateHoldsReadsDuringAPauseAndIssuesOneAfterIt() throws {
        let backlog = EngineEventBacklog(highWatermark: 2, lowWatermark: 0)
        let counter = ReadCounter()
        let gate = ReadGate(backlog: backlog)
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([counter, gate])
        channel.read()
        #expect(counter.reads == 1)

        backlog.added()
        backlog.added()
        channel.read()
        channel.read()
        #expect(counter.reads == 1)
        gate.resume()
        #expect(counter.reads == 1)

        _ = backlog.taken()
        #expect(backlog.taken())
        gate.resume()
        #expect(counter.reads == 2)
        gate.resume()
        #expect(counter.reads == 2)
        _ = try channel.finish()
    }
}
