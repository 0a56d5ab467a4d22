import CourierPeers
import Testing

enum AuctionPacketType: UInt32, Sendable {
    case start = 0
    case end = 1
    case status = 2
    case bid = 3
}

@Suite struct PacketCodecTests {
    @Test func encodesTheTypeBigEndianBeforeTheBody() {
        let bytes = PacketCodec<AuctionPacketType>.encode(.bid, body: Array("12".utf8))
        #expect(bytes == [0, 0, 0, 3, 0x31, 0x32])
    }

    @Test func decodesTypeAndBody() throws {
        let packet = try #require(try PacketCodec<AuctionPacketType>.decode([0, 0, 0, 2, 0x68, 0x69]))
        #expect(packet.type == .status)
        #expect(packet.body == Array("hi".utf8))
    }

    @Test(arguments: [[], [0], [0, 0], [0, 0, 0]] as [[UInt8]])
    func ignoresFewerThanFourBytes(bytes: [UInt8]) throws {
        #expect(try PacketCodec<AuctionPacketType>.decode(bytes) == nil)
    }

    @Test func refusesAnUnknownType() {
        #expect(throws: PeersError(.unknownKind, "packet type 16777216 is not one this application knows")) {
            try PacketCodec<AuctionPacketType>.decode([1, 0, 0, 0])
        }
    }
}
