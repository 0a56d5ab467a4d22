import CourierPeers
import Logging
import NIOCore
import Testing

/// Heartbeats and the disconnect timeout, on a clock the test moves by hand: no test here waits for real time.
@Suite struct PeerLivenessTests {
    static func session(_ name: String, clock: ManualClock, logger: Logger? = nil) async throws -> PeerSession {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.encryptionPreference = .none
        configuration.clock = clock
        if let logger { configuration.logger = logger }
        let session = try PeerSession(sessionID: "test1.0", displayName: name, configuration: configuration)
        try await session.start()
        return session
    }

    /// Ann, on `clock`, connected to a hand-driven peer that answers and then stays silent unless told otherwise.
    static func annWithRawPeer(clock: ManualClock, logger: Logger? = nil) async throws
        -> (ann: PeerSession, log: EventLog, raw: RawPeer, peer: PeerInfo, server: any Channel)
    {
        let (server, accepted) = try await RawPeer.listen(hello: RawPeer.hello(0x71), accepts: true)
        let ann = try await Self.session("Ann", clock: clock, logger: logger)
        let log = EventLog(ann)
        let port = try #require(server.localAddress?.port)
        let peer = try await ann.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port))
        var peers = accepted.makeAsyncIterator()
        let raw = try #require(await peers.next())
        return (ann, log, raw, peer, server)
    }

    /// Advances the clock one heartbeat interval and waits until the session's liveness tick has run.
    static func tick(_ clock: ManualClock, sessions: Int = 1) async {
        await clock.waitForSleepers(sessions)
        clock.advance(by: .seconds(2))
        await clock.waitForSleepers(sessions)
    }

    @Test func aHeartbeatGoesOutEveryTwoSecondsAndASilentPeerIsDroppedAtTenSeconds() async throws {
        let clock = ManualClock()
        let (ann, annLog, raw, peer, server) = try await Self.annWithRawPeer(clock: clock)
        var received = raw.frames.makeAsyncIterator()
        for second in [2, 4, 6, 8] {
            await Self.tick(clock)
            let heartbeat = await raw.next(.heartbeat, iterator: &received)
            #expect(heartbeat != nil, "no heartbeat at \(second) s")
            #expect(await ann.connectedPeers.map(\.id) == [peer.id], "dropped after \(second) s of silence")
        }
        await Self.tick(clock)
        let dropped = await annLog.next { PeerFixtures.isState($0, .disconnected, of: peer.id) }
        #expect(dropped != nil)
        #expect(await ann.connectedPeers.isEmpty)
        await ann.disconnect()
        await raw.close()
        try await server.close()
    }

    @Test func aPeerWhoseHeartbeatsArriveStaysConnected() async throws {
        let clock = ManualClock()
        let (logger, logged) = StreamLogHandler.logger()
        let (ann, annLog, raw, peer, server) = try await Self.annWithRawPeer(clock: clock, logger: logger)
        var messages = logged.makeAsyncIterator()
        // 16 s in all, well past the 10 s timeout, with a heartbeat from the peer every 2 s.
        for _ in 0..<8 {
            try await raw.send(PeerFrame(kind: .heartbeat))
            while let entry = await messages.next(), entry.message != "heartbeat received" {}
            await Self.tick(clock)
        }
        #expect(await ann.connectedPeers.map(\.id) == [peer.id])
        // Once they stop (the last came at 14 s), the peer goes 10 s later.
        for _ in 0..<3 { await Self.tick(clock) }
        #expect(await ann.connectedPeers.map(\.id) == [peer.id])
        await Self.tick(clock)
        #expect(await annLog.next { PeerFixtures.isState($0, .disconnected, of: peer.id) } != nil)
        await ann.disconnect()
        await raw.close()
        try await server.close()
    }

    @Test func aStallOfThisProcessDoesNotDropItsPeers() async throws {
        let clock = ManualClock()
        let (ann, annLog, raw, peer, server) = try await Self.annWithRawPeer(clock: clock)
        // The tick due at 2 s runs at 30 s, as after a suspended process: the silence was this side's own.
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        await clock.waitForSleepers(1)
        #expect(await ann.connectedPeers.map(\.id) == [peer.id])
        // From then on the peer's silence counts again: dropped 10 s later.
        for _ in 0..<4 { await Self.tick(clock) }
        #expect(await ann.connectedPeers.map(\.id) == [peer.id])
        await Self.tick(clock)
        #expect(await annLog.next { PeerFixtures.isState($0, .disconnected, of: peer.id) } != nil)
        await ann.disconnect()
        await raw.close()
        try await server.close()
    }

    @Test func sealedHeartbeatsKeepTwoSessionsConnectedAndMessagesFlowAfterThem() async throws {
        let clock = ManualClock()
        let (annLogger, annLogged) = StreamLogHandler.logger()
        let (bobLogger, bobLogged) = StreamLogHandler.logger()
        var annConfiguration = PeerSessionConfiguration()
        annConfiguration.bindHost = "127.0.0.1"
        annConfiguration.clock = clock
        annConfiguration.logger = annLogger
        var bobConfiguration = annConfiguration
        bobConfiguration.logger = bobLogger
        let ann = try PeerSession(sessionID: "test1.0", displayName: "Ann", configuration: annConfiguration)
        let bob = try PeerSession(sessionID: "test1.0", displayName: "Bob", configuration: bobConfiguration)
        try await ann.start()
        try await bob.start()
        let annLog = EventLog(ann)
        let bobLog = EventLog(bob)
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        var annHeard = annLogged.makeAsyncIterator()
        var bobHeard = bobLogged.makeAsyncIterator()
        for _ in 0..<7 {
            await Self.tick(clock, sessions: 2)
            while let entry = await annHeard.next(), entry.message != "heartbeat received" {}
            while let entry = await bobHeard.next(), entry.message != "heartbeat received" {}
        }
        // 14 s: each side heard the other's sealed heartbeats; the frame counters still agree.
        #expect(await ann.connectedPeers.map(\.id) == [bob.peerID])
        #expect(await bob.connectedPeers.map(\.id) == [ann.peerID])
        try await ann.send(Array("after the heartbeats".utf8))
        #expect(try #require(await bobLog.nextData()).text == "after the heartbeats")
        try await bob.send(Array("and back".utf8))
        #expect(try #require(await annLog.nextData()).text == "and back")
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func invalidLivenessSettingsFailAtConstruction() {
        var configuration = PeerSessionConfiguration()
        configuration.heartbeatInterval = .zero
        #expect(throws: PeersError.self) {
            try PeerSession(sessionID: "s", displayName: "a", configuration: configuration)
        }
        configuration.heartbeatInterval = .seconds(2)
        configuration.disconnectTimeout = .seconds(-1)
        #expect(throws: PeersError.self) {
            try PeerSession(sessionID: "s", displayName: "a", configuration: configuration)
        }
    }
}
