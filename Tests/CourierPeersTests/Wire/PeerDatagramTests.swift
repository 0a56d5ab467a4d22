import CourierPeers
import CourierTestSupport
import NIOCore
import Testing

@Suite struct PeerDatagramTests {
    @Test func writesGoldenBytes() {
        let chunk = PeerDatagram(
            sessionTag: 0xA1B2_C3D4, sender: PeerID(rawValue: 9), messageNumber: 5, index: 1, count: 2,
            payload: ByteBuffer(bytes: [0x42]))
        var buffer = ByteBuffer()
        chunk.write(to: &buffer)
        #expect(
            Array(buffer.readableBytesView) == [0xA1, 0xB2, 0xC3, 0xD4, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 5, 1, 2, 0x42])
    }

    @Test func chunksAtOneThousandBytesAndRoundTrips() throws {
        let message = ByteBuffer(repeating: 3, count: 2500)
        let chunks = try PeerDatagram.chunks(of: message, sessionTag: 1, sender: PeerID(rawValue: 2), messageNumber: 0)
        #expect(chunks.map(\.payload.readableBytes) == [1000, 1000, 500])
        for chunk in chunks {
            var bytes = ByteBuffer()
            chunk.write(to: &bytes)
            #expect(try PeerDatagram(decoding: bytes, expectedTag: 1) == chunk)
        }
    }

    @Test func theLargestSealedMessageFitsNinetyChunks() throws {
        let size = PeerLimits.maximumMessageSize + PeerLimits.sealOverhead
        let chunks = try PeerDatagram.chunks(
            of: ByteBuffer(repeating: 0, count: size), sessionTag: 1, sender: PeerID(rawValue: 2), messageNumber: 0)
        #expect(chunks.count == 90)
        #expect(throws: PeersError.self) {
            try PeerDatagram.chunks(
                of: ByteBuffer(repeating: 0, count: 90_001), sessionTag: 1, sender: PeerID(rawValue: 2),
                messageNumber: 0)
        }
    }

    static func raw(tag: UInt32 = 7, index: UInt8, count: UInt8, size: Int) -> ByteBuffer {
        var buffer = ByteBuffer()
        PeerDatagram(
            sessionTag: tag, sender: PeerID(rawValue: 1), messageNumber: 0, index: index, count: count,
            payload: ByteBuffer(repeating: 0, count: size)
        ).write(to: &buffer)
        return buffer
    }

    @Test func dropsBadDatagrams() {
        let cases: [(ByteBuffer, PeersError.Code)] = [
            (Self.raw(tag: 8, index: 0, count: 1, size: 1), .sessionMismatch),
            (Self.raw(index: 0, count: 91, size: 1000), .malformed),
            (Self.raw(index: 0, count: 0, size: 1), .malformed),
            (Self.raw(index: 2, count: 2, size: 1), .malformed),
            (Self.raw(index: 0, count: 2, size: 999), .malformed),
            (Self.raw(index: 0, count: 1, size: 1001), .malformed),
            (Self.raw(index: 0, count: 1, size: 0), .malformed),
            (ByteBuffer(bytes: [0, 0, 0, 7, 1]), .malformed),
        ]
        for (bytes, code) in cases {
            #expect(
                performing: { try PeerDatagram(decoding: bytes, expectedTag: 7) },
                throws: { error in
                    (error as? PeersError)?.code == code
                })
        }
    }

    @Test(.ownThread) func seededFuzzNeverCrashes() {
        var generator = SeededGenerator(seed: 0xDA7A)
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if bytes.count >= 4 { bytes.replaceSubrange(0..<4, with: [0, 0, 0, 7]) }
            if let chunk = try? PeerDatagram(decoding: ByteBuffer(bytes: bytes), expectedTag: 7) {
                accepted += 1
                #expect(chunk.index < chunk.count)
                #expect(Int(chunk.count) <= PeerLimits.maximumChunks)
            }
        }
        #expect(accepted < 20_000)
    }
}
