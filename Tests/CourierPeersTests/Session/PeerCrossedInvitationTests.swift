import CourierPeers
import Testing

/// Two peers that invite each other: the invitation of the lower peer ID stands, exactly one connection results,
/// and both callers that invited get it.
@Suite struct PeerCrossedInvitationTests {
    enum Order: CaseIterable, CustomTestStringConvertible {
        /// The lower ID invites; the other side, shown that invitation, invites back instead of answering.
        case lowerFirst
        /// The higher ID invites first.
        case higherFirst
        /// Both at once.
        case together

        var testDescription: String {
            switch self {
            case .lowerFirst: "lower peer ID first"
            case .higherFirst: "higher peer ID first"
            case .together: "both at once"
            }
        }
    }

    @Test(arguments: Order.allCases) func crossedInvitationsMakeOneConnection(order: Order) async throws {
        let one = try await PeerFixtures.session("one")
        let two = try await PeerFixtures.session("two")
        let (lower, higher) = one.peerID < two.peerID ? (one, two) : (two, one)
        // Nobody answers invitations: only the tie-break can connect them.
        let lowerLog = EventLog(lower, answer: .ignore)
        let higherLog = EventLog(higher, answer: .ignore)
        let lowerAddress = try await PeerFixtures.address(of: lower)
        let higherAddress = try await PeerFixtures.address(of: higher)
        let fromLower: PeerInfo
        let fromHigher: PeerInfo
        switch order {
        case .lowerFirst:
            let attempt = Task { try await lower.connect(to: higherAddress) }
            #expect(await higherLog.next { if case .invitation = $0 { true } else { false } } != nil)
            fromHigher = try await higher.connect(to: lowerAddress)
            fromLower = try await attempt.value
        case .higherFirst:
            let attempt = Task { try await higher.connect(to: lowerAddress) }
            #expect(await lowerLog.next { if case .invitation = $0 { true } else { false } } != nil)
            fromLower = try await lower.connect(to: higherAddress)
            fromHigher = try await attempt.value
        case .together:
            async let lowerAttempt = lower.connect(to: higherAddress)
            async let higherAttempt = higher.connect(to: lowerAddress)
            (fromLower, fromHigher) = try await (lowerAttempt, higherAttempt)
        }
        #expect(fromLower.id == higher.peerID)
        #expect(fromHigher.id == lower.peerID)
        #expect(await lower.connectedPeers.map(\.id) == [higher.peerID])
        #expect(await higher.connectedPeers.map(\.id) == [lower.peerID])
        // The one connection carries messages both ways, and it is still the only one afterwards.
        try await lower.send(Array("from lower".utf8))
        #expect(try #require(await higherLog.nextData()).text == "from lower")
        try await higher.send(Array("from higher".utf8))
        #expect(try #require(await lowerLog.nextData()).text == "from higher")
        #expect(await lower.connectedPeers.count == 1)
        #expect(await higher.connectedPeers.count == 1)
        let connectedEvents = await lowerLog.events.filter { PeerFixtures.isState($0, .connected) }.count
        #expect(connectedEvents == 1)
        await lower.disconnect()
        await higher.disconnect()
    }
}
