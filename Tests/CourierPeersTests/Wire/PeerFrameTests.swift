import CourierPeers
import CourierTestSupport
import NIOCore
import NIOEmbedded
import Testing

@Suite struct PeerFrameTests {
    @Test func writesGoldenBytes() {
        var buffer = ByteBuffer()
        PeerFrame(kind: .data, body: ByteBuffer(bytes: [0xAA, 0xBB])).write(to: &buffer)
        #expect(Array(buffer.readableBytesView) == [0, 0, 0, 3, 6, 0xAA, 0xBB])
    }

    @Test func readsAWholeFrameAndWaitsForAPartialOne() throws {
        var buffer = ByteBuffer(bytes: [0, 0, 0, 3, 6, 0xAA])
        #expect(try PeerFrame.read(from: &buffer) == nil)
        #expect(buffer.readableBytes == 6)
        buffer.writeBytes([0xBB, 0, 0, 0, 1, 7])
        let first = try #require(try PeerFrame.read(from: &buffer))
        #expect(first == PeerFrame(kind: .data, body: ByteBuffer(bytes: [0xAA, 0xBB])))
        let second = try #require(try PeerFrame.read(from: &buffer))
        #expect(second.kind == .heartbeat)
        #expect(second.body.readableBytes == 0)
    }

    @Test func refusesAFrameOverTheMaximumBeforeBufferingIt() {
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32(PeerFrame.maximumLength + 1))
        #expect(throws: PeersError.self) { try PeerFrame.read(from: &buffer) }
        do {
            _ = try PeerFrame.read(from: &buffer)
        } catch {
            #expect(error.code == .frameTooLarge)
        }
    }

    @Test func acceptsTheLargestSealedMessage() throws {
        var buffer = ByteBuffer()
        let body = ByteBuffer(repeating: 7, count: PeerLimits.maximumMessageSize + PeerLimits.sealOverhead)
        PeerFrame(kind: .data, body: body).write(to: &buffer)
        #expect(try PeerFrame.read(from: &buffer)?.body.readableBytes == body.readableBytes)
    }

    @Test func refusesUnknownKindsAndEmptyFrames() {
        var unknown = ByteBuffer(bytes: [0, 0, 0, 1, 200])
        #expect(throws: PeersError(.unknownKind, "frame kind 200 is unknown")) { try PeerFrame.read(from: &unknown) }
        var empty = ByteBuffer(bytes: [0, 0, 0, 0])
        #expect(throws: PeersError(.malformed, "frame length 0 has no room for its kind")) {
            try PeerFrame.read(from: &empty)
        }
    }

    @Test func decoderSplitsAStreamOnEmbeddedChannel() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(PeerFrameDecoder()))
        try channel.writeInbound(ByteBuffer(bytes: [0, 0, 0, 2, 6]))
        #expect(try channel.readInbound(as: PeerFrame.self) == nil)
        try channel.writeInbound(ByteBuffer(bytes: [9, 0, 0, 0, 1, 8]))
        #expect(try channel.readInbound(as: PeerFrame.self) == PeerFrame(kind: .data, body: ByteBuffer(bytes: [9])))
        #expect(try channel.readInbound(as: PeerFrame.self)?.kind == .goodbye)
        #expect(throws: PeersError.self) { try channel.writeInbound(ByteBuffer(bytes: [0xFF, 0xFF, 0xFF, 0xFF])) }
        _ = try? channel.finish()
    }

    @Test(.ownThread) func seededFuzzNeverCrashesAndNeverOverReads() {
        var generator = SeededGenerator(seed: 0xC0FF_EE12)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0..<64, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if bytes.count >= 4, Bool.random(using: &generator) {
                // Plausible lengths reach the body and kind checks, not only the size check.
                bytes[0] = 0
                bytes[1] = 0
                bytes[2] = 0
                bytes[3] = UInt8.random(in: 0...70, using: &generator)
            }
            var buffer = ByteBuffer(bytes: bytes)
            var frames = 0
            while frames < 64, let frame = try? PeerFrame.read(from: &buffer) {
                frames += 1
                #expect(frame.body.readableBytes <= PeerFrame.maximumLength)
            }
            #expect(buffer.readableBytes <= bytes.count)
        }
    }
}

@Suite struct PeerFrameWriterTests {
    @Test func smallFramesGoAsOneBufferAndLargeOnesWithoutACopy() throws {
        let channel = EmbeddedChannel(handler: PeerFrameWriter())
        let small = PeerFrame(kind: .data, body: ByteBuffer(string: "hi"))
        let large = PeerFrame(kind: .data, body: ByteBuffer(repeating: 7, count: PeerFrameWriter.copyLimit + 1))
        try channel.writeOutbound(small)
        try channel.writeOutbound(large)
        var expected = ByteBuffer()
        small.write(to: &expected)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == expected)
        let header = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(header.readableBytes == 5)
        #expect(header.getInteger(at: 0, as: UInt32.self) == UInt32(1 + PeerFrameWriter.copyLimit + 1))
        #expect(header.getInteger(at: 4, as: UInt8.self) == PeerFrame.Kind.data.rawValue)
        let body = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(body == large.body)
        // The same storage, not a copy.
        let sameBytes = body.withUnsafeReadableBytes { written in
            large.body.withUnsafeReadableBytes { original in written.baseAddress == original.baseAddress }
        }
        #expect(sameBytes)
        var stream = header
        var rest = body
        stream.writeBuffer(&rest)
        #expect(try PeerFrame.read(from: &stream) == large)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
    }
}
