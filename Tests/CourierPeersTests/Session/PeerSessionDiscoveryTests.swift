import CourierDiscovery
import CourierPeers
import CourierTesting
import Testing

@Suite struct PeerSessionDiscoveryTests {
    static func session(_ name: String, id: String, discovery: Discovery) async throws -> PeerSession {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.discovery = discovery
        let session = try PeerSession(sessionID: id, displayName: name, configuration: configuration)
        try await session.start()
        return session
    }

    @Test func peersFindEachOtherOverDNSSDAndOtherSessionsStayInvisible() async throws {
        // One Discovery per session, as separate processes would have: a responder does not answer its own queries.
        // A private mDNS port and loops of their own: port 5353 may have a real responder on it, and the shared
        // loops can be held by other tests for longer than a responder may stay silent.
        var discoveries: [Discovery] = []
        let port = try PrivateLinks.takeUDPPort()
        for _ in 0..<3 {
            var configuration = DiscoveryConfiguration()
            configuration.interfaces = .loopbackOnly
            configuration.ipVersions = .v4
            configuration.port = port
            let discovery = Discovery(configuration: configuration, eventLoopGroup: PrivateLinks.ownEventLoopGroup())
            try await discovery.start()
            discoveries.append(discovery)
        }
        let ann = try await Self.session("Ann", id: "auctioneer1.0", discovery: discoveries[0])
        let annLog = EventLog(ann)
        let bob = try await Self.session("Bob", id: "auctioneer1.0", discovery: discoveries[1])
        let bobLog = EventLog(bob)
        let other = try await Self.session("Other", id: "auctioneer2.0", discovery: discoveries[2])
        let seen = await annLog.next { event in
            if case .stateChanged(let peer, .available) = event { return peer.displayName == "Bob" }
            return false
        }
        let bobInfo = try #require(
            seen.flatMap { event -> PeerInfo? in
                if case .stateChanged(let peer, _) = event { return peer }
                return nil
            })
        #expect(bobInfo.id == bob.peerID)
        let connected = try await ann.connect(peer: bobInfo.id)
        #expect(connected.displayName == "Bob")
        try await ann.send(Array("found you".utf8))
        #expect(try #require(await bobLog.nextData()).text == "found you")
        #expect(await ann.availablePeers.contains { $0.id == other.peerID } == false)
        for session in [ann, bob, other] { await session.disconnect() }
        for discovery in discoveries { await discovery.shutdown() }
    }
}
