import CourierDiscovery
import CourierPeers
import CourierTesting
import Testing

@Suite struct PeerSessionDiscoveryTests {
    /// Discovery instances on one private link: loopback, a private mDNS port and loops of their own (see
    /// ``peersFindEachOtherOverDNSSDAndOtherSessionsStayInvisible()``).
    static func discoveries(_ count: Int) async throws -> [Discovery] {
        let port = try PrivateLinks.takeUDPPort()
        var discoveries: [Discovery] = []
        for _ in 0..<count {
            var configuration = DiscoveryConfiguration()
            configuration.interfaces = .loopbackOnly
            configuration.ipVersions = .v4
            configuration.port = port
            let discovery = Discovery(configuration: configuration, eventLoopGroup: PrivateLinks.ownEventLoopGroup())
            try await discovery.start()
            discoveries.append(discovery)
        }
        return discoveries
    }

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

    @Test func stoppingAdvertisingShowsUnavailableElsewhereAndKeepsTheConnection() async throws {
        let discoveries = try await Self.discoveries(2)
        let ann = try await Self.session("Ann", id: "avail1.0", discovery: discoveries[0])
        let annLog = EventLog(ann)
        let bob = try await Self.session("Bob", id: "avail1.0", discovery: discoveries[1])
        let bobLog = EventLog(bob)
        #expect(await annLog.next { PeerFixtures.isState($0, .available, of: bob.peerID) } != nil)
        _ = try await ann.connect(peer: bob.peerID)
        #expect(await bob.isAvailable)
        // Bob stops advertising: his goodbye makes him unavailable to Ann, and the connection stays.
        try await bob.setAvailable(false)
        #expect(await bob.isAvailable == false)
        #expect(await annLog.next { PeerFixtures.isState($0, .unavailable, of: bob.peerID) } != nil)
        #expect(await ann.connectedPeers.map(\.id) == [bob.peerID])
        try await ann.send(Array("still here".utf8))
        #expect(try #require(await bobLog.nextData()).text == "still here")
        // Advertising again makes him available again.
        try await bob.setAvailable(true)
        #expect(await bob.isAvailable)
        #expect(await annLog.next { PeerFixtures.isState($0, .available, of: bob.peerID) } != nil)
        for session in [ann, bob] { await session.disconnect() }
        for discovery in discoveries { await discovery.shutdown() }
    }

    @Test func aPeerAnsweringAtAnotherPeersAdvertisedAddressIsRefused() async throws {
        let discoveries = try await Self.discoveries(2)
        let ann = try await Self.session("Ann", id: "impostor1.0", discovery: discoveries[0])
        let annLog = EventLog(ann)
        // Bob has no discovery; an advertisement under another peer ID points at his port.
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        let bob = try PeerSession(sessionID: "impostor1.0", displayName: "Bob", configuration: configuration)
        try await bob.start()
        _ = EventLog(bob)
        let advertised = PeerID(rawValue: bob.peerID.rawValue &+ 1)
        let advertiser = try PeerAdvertiser(
            discovery: discoveries[1], serviceType: PeerServiceType.hashed(sessionID: "impostor1.0"),
            peerID: advertised,
            advertisement: PeerAdvertisement(
                sessionID: "impostor1.0", displayName: "Carol", mode: .peer, udpPort: UInt16(await bob.unreliablePort)),
            port: await bob.port)
        try await advertiser.start()
        #expect(await annLog.next { PeerFixtures.isState($0, .available, of: advertised) } != nil)
        await #expect(
            performing: { _ = try await ann.connect(peer: advertised) },
            throws: { error in
                if case .other(let cause) = error as? PeerConnectionFailure { return cause.code == .identityMismatch }
                return false
            })
        #expect(await ann.connectedPeers.isEmpty)
        #expect(await bob.connectedPeers.isEmpty)
        await advertiser.stop()
        for session in [ann, bob] { await session.disconnect() }
        for discovery in discoveries { await discovery.shutdown() }
    }
}
