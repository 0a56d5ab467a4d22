import CourierPeers
import Logging
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import CourierPeers

/// Datagrams sent in runs with segmentation offload, and runs read whole with receive offload.
@Suite struct PeerDatagramOffloadTests {
    static let ann = try! SocketAddress(ipAddress: "127.0.0.1", port: 4001)
    static let bob = try! SocketAddress(ipAddress: "127.0.0.1", port: 4002)

    static func envelope(_ size: Int, to address: SocketAddress = ann, fill: UInt8 = 1) -> AddressedEnvelope<ByteBuffer>
    {
        AddressedEnvelope(remoteAddress: address, data: ByteBuffer(repeating: fill, count: size))
    }

    /// Writes the datagrams, flushes, runs the loop (the flush waits for the end of its turn) and returns what left.
    static func sent(_ envelopes: [AddressedEnvelope<ByteBuffer>], through channel: EmbeddedChannel) throws
        -> [AddressedEnvelope<ByteBuffer>]
    {
        for envelope in envelopes { channel.write(envelope, promise: nil) }
        channel.flush()
        channel.embeddedEventLoop.run()
        var out: [AddressedEnvelope<ByteBuffer>] = []
        while let envelope = try channel.readOutbound(as: AddressedEnvelope<ByteBuffer>.self) { out.append(envelope) }
        return out
    }

    static func coalescer() -> EmbeddedChannel {
        EmbeddedChannel(handler: PeerDatagramCoalescer(logger: Logger(label: "test")))
    }

    @Test func aBurstOfEqualDatagramsGoesAsOneRun() throws {
        let channel = Self.coalescer()
        let burst = (0..<5).map { Self.envelope(546, fill: UInt8($0)) }
        let out = try Self.sent(burst, through: channel)
        #expect(out.count == 1)
        #expect(out.first?.metadata?.segmentSize == 546)
        #expect(out.first?.remoteAddress == Self.ann)
        var expected = ByteBuffer()
        for envelope in burst { expected.writeImmutableBuffer(envelope.data) }
        #expect(out.first?.data == expected)
        _ = try channel.finish()
    }

    @Test func runsEndAtAnotherAddressALargerDatagramOrAfterAShorterOne() throws {
        let channel = Self.coalescer()
        // A shorter datagram ends its run; the next starts another.
        var out = try Self.sent([546, 546, 300, 546].map { Self.envelope($0) }, through: channel)
        #expect(out.map(\.data.readableBytes) == [1392, 546])
        #expect(out.map(\.metadata?.segmentSize) == [546, nil])
        // A larger one cannot follow: segments are never longer than the first.
        out = try Self.sent([300, 546].map { Self.envelope($0) }, through: channel)
        #expect(out.map(\.data.readableBytes) == [300, 546])
        // Another address starts another run.
        out = try Self.sent(
            [Self.envelope(546), Self.envelope(546, to: Self.bob), Self.envelope(546, to: Self.bob)], through: channel)
        #expect(out.map(\.remoteAddress) == [Self.ann, Self.bob])
        #expect(out.map(\.data.readableBytes) == [546, 1092])
        _ = try channel.finish()
    }

    @Test func aRunHoldsAtMost64DatagramsAndAbout63KiB() throws {
        let channel = Self.coalescer()
        var out = try Self.sent((0..<100).map { _ in Self.envelope(500) }, through: channel)
        #expect(out.map(\.data.readableBytes) == [64 * 500, 36 * 500])
        // The chunks of a large message: 1 018-byte datagrams, 63 to a run.
        out = try Self.sent((0..<88).map { _ in Self.envelope(1018) } + [Self.envelope(400)], through: channel)
        #expect(out.map(\.data.readableBytes) == [63 * 1018, 25 * 1018 + 400])
        #expect(out.allSatisfy { $0.data.readableBytes <= PeerDatagramCoalescer.maximumBytes })
        _ = try channel.finish()
    }

    /// Fails every segmented send, as a device without checksum offload does.
    final class RefusesRuns: ChannelOutboundHandler {
        typealias OutboundIn = AddressedEnvelope<ByteBuffer>
        typealias OutboundOut = AddressedEnvelope<ByteBuffer>
        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if unwrapOutboundIn(data).metadata?.segmentSize != nil {
                promise?.fail(IOError(errnoCode: 5, reason: "sendmsg"))
            } else {
                context.write(data, promise: promise)
            }
        }
    }

    @Test func aRefusedRunTurnsCoalescingOff() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(RefusesRuns())
        try channel.pipeline.syncOperations.addHandler(PeerDatagramCoalescer(logger: Logger(label: "test")))
        let first = channel.eventLoop.makePromise(of: Void.self)
        channel.write(Self.envelope(546), promise: first)
        channel.write(Self.envelope(546), promise: nil)
        channel.flush()
        channel.embeddedEventLoop.run()
        // The run was lost, and its writer told so.
        #expect(throws: IOError.self) { try first.futureResult.wait() }
        #expect(try channel.readOutbound(as: AddressedEnvelope<ByteBuffer>.self) == nil)
        // From then on, datagrams go one by one.
        let out = try Self.sent([Self.envelope(546), Self.envelope(546)], through: channel)
        #expect(out.map(\.metadata?.segmentSize) == [nil, nil])
        _ = try channel.finish()
    }

    @Test func aRunReadWholeIsCutBackIntoItsDatagrams() throws {
        let (sealer, opener) = try PeerCipherTests.pair()
        let outlet = try PeerDatagramOutletTests.outlet(cipher: sealer)
        let inbox = PeerDatagramOutletTests.inbox(opening: opener)
        let delivered = Delivered()
        let channel = EmbeddedChannel(
            handler: PeerDatagramHandler(inbox: inbox, clockStart: .now) { bytes, _ in delivered.add(bytes) })
        // Three one-chunk messages of one size read as one run, then the two chunks of a larger message as another.
        var run = ByteBuffer()
        let messages = (0..<3).map { index in [UInt8](repeating: UInt8(index), count: 200) }
        for (number, message) in messages.enumerated() {
            run.writeImmutableBuffer(try #require(outlet.datagrams(of: message, number: UInt32(number)).first).data)
        }
        let segment = 18 + 200 + PeerLimits.sealOverhead
        try channel.writeInbound(
            AddressedEnvelope(
                remoteAddress: Self.ann, data: run,
                metadata: .init(ecnState: .transportNotCapable, packetInfo: nil, segmentSize: segment)))
        let large = [UInt8](repeating: 9, count: 1500)
        var chunks = ByteBuffer()
        for datagram in try outlet.datagrams(of: large, number: 3) { chunks.writeImmutableBuffer(datagram.data) }
        try channel.writeInbound(
            AddressedEnvelope(
                remoteAddress: Self.ann, data: chunks,
                metadata: .init(ecnState: .transportNotCapable, packetInfo: nil, segmentSize: 1018)))
        #expect(delivered.all == messages + [large])
        #expect(inbox.dropped == 0)
        _ = try channel.finish()
    }

    @Test func theDatagramHandlerGivesBackTheCreditOfWhatItTakesAndClosesIt() async throws {
        let credit = PeerSendCredit(limit: 4096)
        #expect(await credit.acquire(1092))
        let inbox = PeerDatagramOutletTests.inbox(opening: nil)
        let channel = EmbeddedChannel(
            handler: PeerDatagramHandler(inbox: inbox, clockStart: .now, credit: credit) { _, _ in })
        try channel.writeOutbound(Self.envelope(546))
        #expect(credit.outstanding == 546)
        try channel.writeOutbound(Self.envelope(546))
        #expect(credit.outstanding == 0)
        _ = try channel.finish()
        // The socket is gone: unreliable sends waiting for room, and later ones, end.
        #expect(await credit.acquire(1) == false)
    }

    final class Delivered: Sendable {
        private let messages = Mutex<[[UInt8]]>([])
        func add(_ bytes: [UInt8]) { messages.withLock { $0.append(bytes) } }
        var all: [[UInt8]] { messages.withLock { $0 } }
    }

    @Test(arguments: [true, false])
    func aBurstArrivesIntactWithOrWithoutOffload(offload: Bool) async throws {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.datagramOffload = offload
        let ann = try PeerSession(sessionID: "test1.0", displayName: "Ann", configuration: configuration)
        try await ann.start()
        let bob = try PeerSession(sessionID: "test1.0", displayName: "Bob", configuration: configuration)
        try await bob.start()
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        // A burst of equal messages (runs, with offload) and a large one (its chunks a run); unreliable may drop on a
        // loaded machine, so what arrives is checked, and at least one message must.
        let texts = (0..<40).map { String(format: "message %03d ", $0) + String(repeating: "x", count: 300) }
        for text in texts { try await ann.send(Array(text.utf8), to: [peer.id], mode: .unreliable) }
        var arrived: [String] = []
        while let data = await bobLog.nextData(within: .seconds(arrived.isEmpty ? 10 : 1)) { arrived.append(data.text) }
        #expect(!arrived.isEmpty)
        #expect(Set(arrived).isSubset(of: Set(texts)))
        #expect(arrived == arrived.sorted())
        await ann.disconnect()
        await bob.disconnect()
    }
}
