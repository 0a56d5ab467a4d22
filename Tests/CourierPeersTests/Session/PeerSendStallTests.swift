import NIOCore
import NIOEmbedded
import Testing

@testable import CourierPeers

@Suite struct PeerSendStallTests {
    @Test func aConnectionUnwritableForTheTimeoutIsClosedAndFlagged() throws {
        let stall = PeerSendStall()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(PeerSendStallHandler(timeout: .seconds(2), stall: stall))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
        #expect(channel.isActive)
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(stall.fired == false)
        // Writable again: the timer is cancelled, and a later stall starts a new one.
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(stall.fired == false)
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(stall.fired)
        #expect(channel.isActive == false)
    }

    @Test func aHugeTimeoutDoesNotOverflow() {
        let handler = PeerSendStallHandler(timeout: .seconds(Int64.max), stall: PeerSendStall())
        _ = handler
        let negative = PeerSendStallHandler(timeout: .seconds(-5), stall: PeerSendStall())
        _ = negative
    }
}
