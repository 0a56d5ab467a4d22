import CourierPeers
import NIOCore
import NIOEmbedded
import Testing

/// Small frames written between two flushes of an encrypted connection go as one sealed batch.
@Suite struct PeerBatchTests {
    typealias Fixture = PeerConnectionHandlerTests

    /// Two encrypted (or plain) connection handlers, past the handshake.
    static func connected(encryption: EncryptionPreference = .required) throws -> (EmbeddedChannel, EmbeddedChannel) {
        let (keyA, keyB) = (PeerKeyExchange(), PeerKeyExchange())
        let a = try Fixture.channel(Fixture.hello(1, encryption: encryption, key: keyA), key: keyA, initiator: true)
        let b = try Fixture.channel(Fixture.hello(2, encryption: encryption, key: keyB), key: keyB, initiator: false)
        _ = try Fixture.handshake(a, b)
        return (a, b)
    }

    static func frame(_ text: String) -> PeerFrame { PeerFrame(kind: .data, body: ByteBuffer(string: text)) }

    /// Writes `frames`, flushes once and lets the loop run the flush it put off.
    static func send(_ frames: [PeerFrame], on channel: EmbeddedChannel) {
        for frame in frames { channel.write(frame, promise: nil) }
        channel.flush()
        channel.embeddedEventLoop.run()
    }

    /// Everything `channel` delivers now, as (kind, text).
    static func delivered(_ channel: EmbeddedChannel) throws -> [String] {
        var texts: [String] = []
        while let inbound = try channel.readInbound(as: PeerInbound.self) {
            switch inbound {
            case .frame(let frame): texts.append("\(frame.kind) \(String(buffer: frame.body))")
            case .message(let bytes): texts.append("data \(String(decoding: bytes, as: UTF8.self))")
            case .hello: break
            }
        }
        return texts
    }

    @Test func framesWrittenTogetherAreSealedAsOneBatch() throws {
        let (a, b) = try Self.connected()
        let written = ["one", "two", "three"].map { text in
            let promise = a.eventLoop.makePromise(of: Void.self)
            a.write(Self.frame(text), promise: promise)
            return promise.futureResult
        }
        #expect(try a.readOutbound(as: PeerFrame.self) == nil)
        a.flush()
        // The flush waits for the end of the loop's turn, so that writes queued behind it join the batch.
        #expect(try a.readOutbound(as: PeerFrame.self) == nil)
        a.embeddedEventLoop.run()
        let wire = try #require(try a.readOutbound(as: PeerFrame.self))
        #expect(wire.kind == .batch)
        #expect(wire.body.readableBytes == 3 * 5 + 3 + 3 + 5 + 16)
        #expect(try a.readOutbound(as: PeerFrame.self) == nil)
        for future in written { try future.wait() }
        try b.writeInbound(wire)
        #expect(try Self.delivered(b) == ["data one", "data two", "data three"])
    }

    @Test func aFrameFlushedAloneIsSealedAsItself() throws {
        let (a, b) = try Self.connected()
        Self.send([Self.frame("alone")], on: a)
        let wire = try #require(try a.readOutbound(as: PeerFrame.self))
        #expect(wire.kind == .data)
        #expect(wire.body.readableBytes == 5 + 16)
        try b.writeInbound(wire)
        #expect(try Self.delivered(b) == ["data alone"])
    }

    @Test func aLargeFrameKeepsItsPlaceAndIsSealedAlone() throws {
        let (a, b) = try Self.connected()
        let large = String(repeating: "L", count: PeerLimits.maximumBatchedBody + 1)
        Self.send(["s1", "s2", large, "s3"].map(Self.frame), on: a)
        var kinds: [PeerFrame.Kind] = []
        while let wire = try a.readOutbound(as: PeerFrame.self) {
            kinds.append(wire.kind)
            try b.writeInbound(wire)
        }
        #expect(kinds == [.batch, .data, .data])
        #expect(try Self.delivered(b) == ["data s1", "data s2", "data \(large)", "data s3"])
    }

    @Test func aBatchNeverExceedsTheFrameLimit() throws {
        let (a, b) = try Self.connected()
        let body = String(repeating: "x", count: PeerLimits.maximumBatchedBody)
        let count = 12
        Self.send(Array(repeating: Self.frame(body), count: count), on: a)
        var frames = 0
        while let wire = try a.readOutbound(as: PeerFrame.self) {
            #expect(1 + wire.body.readableBytes <= PeerFrame.maximumLength)
            frames += 1
            try b.writeInbound(wire)
        }
        #expect(frames > 1)
        #expect(try Self.delivered(b).count == count)
    }

    @Test(arguments: [EncryptionPreference.required, .none])
    func aFrameFlushedJustBeforeACloseStillGoesOut(_ encryption: EncryptionPreference) throws {
        let (a, b) = try Self.connected(encryption: encryption)
        a.write(PeerFrame(kind: .deny, body: ByteBuffer(bytes: [PeerCloseReason.denied.rawValue])), promise: nil)
        a.flush()
        _ = a.close()
        let wire = try #require(try a.readOutbound(as: PeerFrame.self))
        try b.writeInbound(wire)
        guard case .frame(let deny)? = try b.readInbound(as: PeerInbound.self) else {
            Issue.record("the deny was lost")
            return
        }
        #expect(deny.kind == .deny)
    }

    @Test func unencryptedConnectionsSendFramesOneByOne() throws {
        let (a, b) = try Self.connected(encryption: .none)
        Self.send(["p1", "p2"].map(Self.frame), on: a)
        var kinds: [PeerFrame.Kind] = []
        while let wire = try a.readOutbound(as: PeerFrame.self) {
            kinds.append(wire.kind)
            try b.writeInbound(wire)
        }
        #expect(kinds == [.data, .data])
        #expect(try Self.delivered(b) == ["data p1", "data p2"])
    }

    @Test func aBatchOnAnUnencryptedConnectionCloses() throws {
        let (_, b) = try Self.connected(encryption: .none)
        var body = ByteBuffer()
        Self.frame("x").write(to: &body)
        #expect(throws: PeersError(.malformed, "a batch arrived on an unencrypted connection")) {
            try b.writeInbound(PeerFrame(kind: .batch, body: body))
        }
        #expect(b.isActive == false)
    }

    enum BadBatch: String, CaseIterable, CustomTestStringConvertible {
        case empty, truncated, hello, nested, unknownKind
        var testDescription: String { rawValue }

        /// The plaintext the batch carries.
        var body: ByteBuffer {
            var body = ByteBuffer()
            switch self {
            case .empty:
                break
            case .truncated:
                body.writeInteger(UInt32(10))
                body.writeInteger(PeerFrame.Kind.data.rawValue)
                body.writeString("abc")
            case .hello:
                PeerFrame(kind: .hello, body: ByteBuffer(string: "h")).write(to: &body)
            case .nested:
                PeerFrame(kind: .batch, body: ByteBuffer(string: "b")).write(to: &body)
            case .unknownKind:
                body.writeInteger(UInt32(2))
                body.writeInteger(UInt8(200))
                body.writeInteger(UInt8(0))
            }
            return body
        }

        var error: PeersError {
            switch self {
            case .empty: PeersError(.malformed, "a batch holds no frame")
            case .truncated: PeersError(.malformed, "a batch ends inside a frame")
            case .hello: PeersError(.malformed, "a batch holds a hello frame")
            case .nested: PeersError(.malformed, "a batch holds a batch frame")
            case .unknownKind: PeersError(.unknownKind, "frame kind 200 is unknown")
            }
        }
    }

    @Test(arguments: BadBatch.allCases) func aBadBatchClosesTheConnection(_ bad: BadBatch) throws {
        let (a, b) = try Self.connected()
        // A lone frame of kind batch is sealed as it is, with the body chosen here.
        Self.send([PeerFrame(kind: .batch, body: bad.body)], on: a)
        let wire = try #require(try a.readOutbound(as: PeerFrame.self))
        #expect(wire.kind == .batch)
        #expect(throws: bad.error) { try b.writeInbound(wire) }
        #expect(b.isActive == false)
        #expect(try Self.delivered(b).isEmpty)
    }
}

@Suite struct PeerInboundBatcherTests {
    @Test func aReadBurstArrivesAsOneArrayAndNothingWaitsPastAnErrorOrTheEnd() throws {
        let channel = EmbeddedChannel(handler: PeerInboundBatcher<Int>())
        for value in 1...3 { channel.pipeline.fireChannelRead(NIOAny(value)) }
        #expect(try channel.readInbound(as: [Int].self) == nil)
        channel.pipeline.fireChannelReadComplete()
        #expect(try channel.readInbound(as: [Int].self) == [1, 2, 3])
        channel.pipeline.fireChannelRead(NIOAny(4))
        channel.pipeline.fireErrorCaught(PeersError(.malformed, "test"))
        #expect(try channel.readInbound(as: [Int].self) == [4])
        #expect(throws: PeersError.self) { try channel.throwIfErrorCaught() }
        channel.pipeline.fireChannelRead(NIOAny(5))
        channel.pipeline.fireChannelInactive()
        #expect(try channel.readInbound(as: [Int].self) == [5])
    }
}
