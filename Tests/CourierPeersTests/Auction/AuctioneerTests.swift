import CourierPeers
import Testing

@Suite struct AuctioneerTests {
    let ann = PeerInfo(id: PeerID(rawValue: 1), displayName: "Ann", mode: .peer)
    let bob = PeerInfo(id: PeerID(rawValue: 2), displayName: "Bob", mode: .peer)

    @Test func bidsOnlyAfterStartAndOnlySaneOnes() throws {
        var auction = Auctioneer(item: "Lamp")
        #expect(auction.bid("5", from: ann) == .refused(reason: "the auction is not open"))
        let start = auction.start()
        let packet = try #require(try PacketCodec<Auctioneer.PacketType>.decode(start))
        #expect(packet.type == .start)
        #expect(String(decoding: packet.body, as: UTF8.self) == "Lamp")
        #expect(auction.bid("-3", from: ann) == .refused(reason: "a bid cannot be negative"))
        #expect(auction.bid("ten", from: ann) == .refused(reason: "\"ten\" is not a number"))
        #expect(auction.bid("10", from: ann) == .accepted(status: "High bid: $10 by Ann"))
        #expect(auction.bid("10", from: bob) == .refused(reason: "the high bid is already $10"))
        #expect(auction.bid(" 12 ", from: bob) == .accepted(status: "High bid: $12 by Bob"))
        auction.end()
        #expect(auction.bid("50", from: ann) == .refused(reason: "the auction is not open"))
        #expect(auction.endMessage(for: bob.id) == "You won the auction with a bid of $12!")
        #expect(auction.endMessage(for: ann.id) == "Bob won the auction with a bid of $12!")
    }
}
