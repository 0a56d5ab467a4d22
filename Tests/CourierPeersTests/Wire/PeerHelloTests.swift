import CourierPeers
import CourierTestSupport
import NIOCore
import Testing

@Suite struct PeerHelloTests {
    static let hello = PeerHello(
        mode: .peer, encryption: .required, peerID: PeerID(rawValue: 0x0102_0304_0506_0708), udpPort: 0x1234,
        tcpPort: 0x5678, sessionID: "a1", displayName: "Ann", keyShare: [UInt8](repeating: 0xEE, count: 32))

    @Test func encodesGoldenBytes() {
        let expected: [UInt8] =
            Array("CPR1".utf8) + [1, 0, 2, 1, 2, 3, 4, 5, 6, 7, 8, 0x12, 0x34, 0x56, 0x78, 2]
            + Array("a1".utf8) + [3]
            + Array("Ann".utf8) + [32] + [UInt8](repeating: 0xEE, count: 32)
        #expect(Array(Self.hello.encoded().readableBytesView) == expected)
    }

    @Test func roundTrips() throws {
        #expect(try PeerHello(decoding: Self.hello.encoded()) == Self.hello)
    }

    @Test func refusesAWrongMagic() {
        var bytes = Self.hello.encoded()
        bytes.setInteger(UInt8(ascii: "X"), at: 0)
        #expect(throws: PeersError(.badMagic, "hello does not start with CPR1")) { try PeerHello(decoding: bytes) }
    }

    @Test func refusesAnotherVersion() {
        var bytes = Self.hello.encoded()
        bytes.setInteger(UInt8(2), at: 4)
        #expect(throws: PeersError(.versionMismatch, "peer speaks wire version 2; this side speaks 1")) {
            try PeerHello(decoding: bytes)
        }
    }

    @Test func refusesBadFields() {
        var longName = Self.hello
        longName.displayName = String(repeating: "n", count: 64)
        #expect(throws: PeersError.self) { try PeerHello(decoding: longName.encoded()) }
        var shortKey = Self.hello
        shortKey.keyShare = [1, 2, 3]
        #expect(throws: PeersError(.malformed, "hello key share has 3 bytes; X25519 needs 32")) {
            try PeerHello(decoding: shortKey.encoded())
        }
        var trailing = Self.hello.encoded()
        trailing.writeInteger(UInt8(0))
        #expect(throws: PeersError(.malformed, "hello has 1 trailing bytes")) { try PeerHello(decoding: trailing) }
    }

    @Test func seededFuzzOfTruncationsAndFlips() {
        var generator = SeededGenerator(seed: 42)
        let valid = Array(Self.hello.encoded().readableBytesView)
        for _ in 0..<5_000 {
            var bytes = Array(valid.prefix(Int.random(in: 0...valid.count, using: &generator)))
            if bytes.isEmpty == false {
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            }
            if let decoded = try? PeerHello(decoding: ByteBuffer(bytes: bytes)) {
                #expect(decoded.sessionID.utf8.count <= PeerLimits.maximumSessionIDBytes)
                #expect(decoded.displayName.utf8.count <= PeerLimits.maximumDisplayNameBytes)
            }
        }
    }
}
