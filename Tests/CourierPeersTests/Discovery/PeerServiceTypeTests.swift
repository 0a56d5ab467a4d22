import CourierPeers
import Testing

@Suite struct PeerServiceTypeTests {
    @Test func hashesToAValidFifteenCharacterName() {
        let type = PeerServiceType.hashed(sessionID: "auctioneer1.0")
        #expect(type.hasPrefix("_cp-"))
        #expect(type.hasSuffix("._tcp"))
        #expect(type.count == "_cp-".count + 11 + "._tcp".count)
        #expect(type != PeerServiceType.hashed(sessionID: "auctioneer2.0"))
        #expect(type == PeerServiceType.hashed(sessionID: "auctioneer1.0"))
    }

    @Test(arguments: ["", "Upper", "a--b", "-ab", "ab-", "1234", "abcdefghijklmnop", "a_b"])
    func refusesBadExplicitTypes(name: String) {
        #expect(throws: PeersError.self) { try PeerServiceType.explicit(name) }
    }

    @Test func acceptsGoodExplicitTypes() throws {
        #expect(try PeerServiceType.explicit("auction-1") == "_auction-1._tcp")
    }

    @Test func advertisementChecksMultipeerLimits() throws {
        let good = PeerAdvertisement(sessionID: "s", displayName: "Ann", mode: .peer, udpPort: 9)
        let txt = try good.txtRecord()
        #expect(PeerAdvertisement(txt: txt) == good)
        var badKey = good
        badKey.discoveryInfo = ["a=b": "c"]
        #expect(throws: PeersError.self) { try badKey.txtRecord() }
        var longPair = good
        longPair.discoveryInfo = ["k": String(repeating: "v", count: 254)]
        #expect(throws: PeersError.self) { try longPair.txtRecord() }
    }
}
