import CourierPeers
import NIOCore
import NIOPosix
import Testing

@Suite struct PeerSessionTests {
    @Test func twoPeersExchangeReliableAndUnreliableMessagesEncrypted() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let annLog = EventLog(ann)
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob), context: Array("hi".utf8))
        #expect(peer.displayName == "Bob")
        #expect(peer.id == bob.peerID)
        try await ann.send(Array("reliable".utf8), to: [peer.id])
        let first = try #require(await bobLog.nextData())
        #expect(first.text == "reliable")
        #expect(first.from.displayName == "Ann")
        #expect(first.mode == .reliable)
        try await bob.send(Array(repeating: UInt8(ascii: "u"), count: 5000), mode: .unreliable)
        let second = try #require(await annLog.nextData())
        #expect(second.text == String(repeating: "u", count: 5000))
        #expect(second.mode == .unreliable)
        await ann.disconnect()
        let gone = await bobLog.next { if case .stateChanged(_, .disconnected) = $0 { true } else { false } }
        #expect(gone != nil)
        await bob.disconnect()
    }

    @Test func theLargestMessagePassesAndOneByteMoreFailsBeforeIO() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let bobLog = EventLog(bob)
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        let largest = [UInt8](repeating: 0x5A, count: PeerLimits.maximumMessageSize)
        try await ann.send(largest)
        #expect(try #require(await bobLog.nextData()).text.utf8.count == PeerLimits.maximumMessageSize)
        // Unreliable means UDP: the largest message is some seventy datagrams, and on a loaded machine the
        // receiver's socket buffer can overflow and drop one, which loses the message (as it may). An
        // application sends again; so does the test, a bounded number of times, until one copy arrives whole.
        var arrived: (text: String, from: PeerInfo, mode: PeerSendMode)?
        for _ in 0..<5 where arrived == nil {
            try await ann.send(largest, mode: .unreliable)
            arrived = await bobLog.nextData(within: .seconds(5))
        }
        #expect(arrived?.mode == .unreliable)
        #expect(arrived?.text.utf8.count == PeerLimits.maximumMessageSize)
        await #expect(throws: PeersError.self) { try await ann.send(largest + [0]) }
        await #expect(throws: PeersError.self) { try await ann.send(largest + [0], mode: .unreliable) }
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func eightPeersInOneProcess() async throws {
        let hub = try await PeerFixtures.session("hub")
        let hubLog = EventLog(hub)
        var others: [PeerSession] = []
        var logs: [EventLog] = []
        for index in 1..<8 {
            let other = try await PeerFixtures.session("p\(index)")
            others.append(other)
            logs.append(EventLog(other))
            _ = try await hub.connect(to: PeerFixtures.address(of: other))
        }
        #expect(await hub.connectedPeers.count == 7)
        try await hub.send(Array("all".utf8))
        for log in logs {
            #expect(try #require(await log.nextData()).text == "all")
        }
        for (index, other) in others.enumerated() {
            try await other.send(Array("from \(index)".utf8))
        }
        var received = Set<String>()
        for _ in 0..<7 {
            received.insert(try #require(await hubLog.nextData()).text)
        }
        #expect(received == Set((0..<7).map { "from \($0)" }))
        await hub.disconnect()
        for other in others { await other.disconnect() }
    }

    @Test func aDeniedInvitationFails() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        _ = EventLog(bob, answer: .deny)
        await #expect(throws: PeerConnectionFailure.denied) {
            _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        }
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func anUnansweredInvitationTimesOutOnBothSides() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let bobLog = EventLog(bob, answer: .ignore)
        let address = try await PeerFixtures.address(of: bob)
        // The timeout covers connecting and the handshake too: long enough that the invitation reaches Bob on a
        // loaded machine (with a shorter one Ann could give up before Bob had anything to time out).
        let attempt = Task { try await ann.connect(to: address, timeout: .seconds(2)) }
        let invited = await bobLog.next { if case .invitation = $0 { true } else { false } }
        #expect(invited != nil)
        await #expect(throws: PeerConnectionFailure.timedOut) { _ = try await attempt.value }
        let expired = await bobLog.next {
            if case .connectionFailed(_, .timedOut) = $0 { true } else { false }
        }
        #expect(expired != nil)
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func aCancelledInvitationFailsOnBothSides() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let bobLog = EventLog(bob, answer: .ignore)
        let address = try await PeerFixtures.address(of: bob)
        let attempt = Task { try await ann.connect(to: address) }
        let invited = await bobLog.next { if case .invitation = $0 { true } else { false } }
        #expect(invited != nil)
        await ann.cancelInvite(bob.peerID)
        await #expect(throws: PeerConnectionFailure.cancelled) { _ = try await attempt.value }
        let cancelled = await bobLog.next {
            if case .connectionFailed(_, .cancelled) = $0 { true } else { false }
        }
        #expect(cancelled != nil)
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func aFullSessionRefuses() async throws {
        let host = try await PeerFixtures.session("host", maximumPeers: 2)
        _ = EventLog(host)
        let first = try await PeerFixtures.session("first")
        let second = try await PeerFixtures.session("second")
        _ = try await first.connect(to: PeerFixtures.address(of: host))
        await #expect(throws: PeerConnectionFailure.sessionFull) {
            _ = try await second.connect(to: PeerFixtures.address(of: host))
        }
        for session in [host, first, second] { await session.disconnect() }
    }

    @Test func encryptionRequiredAgainstNoneFails() async throws {
        let ann = try await PeerFixtures.session("Ann", encryption: .required)
        let bob = try await PeerFixtures.session("Bob", encryption: .none)
        _ = EventLog(bob)
        await #expect(throws: PeerConnectionFailure.encryptionRequired) {
            _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        }
        let carol = try await PeerFixtures.session("Carol", encryption: .optional)
        _ = EventLog(carol)
        let plain = try await bob.connect(to: PeerFixtures.address(of: carol))
        #expect(plain.displayName == "Carol")
        for session in [ann, bob, carol] { await session.disconnect() }
    }

    @Test func differentSessionIDsNeverConnect() async throws {
        let one = try await PeerFixtures.session("one", id: "auctioneer1.0")
        let two = try await PeerFixtures.session("two", id: "auctioneer2.0")
        _ = EventLog(two)
        await #expect(
            performing: { _ = try await one.connect(to: PeerFixtures.address(of: two)) },
            throws: { error in
                if case .other(let cause) = error as? PeerConnectionFailure { return cause.code == .sessionMismatch }
                return false
            })
        await one.disconnect()
        await two.disconnect()
    }

    @Test func anOversizedContextIsRefusedBeforeIO() async throws {
        let ann = try await PeerFixtures.session("Ann")
        await #expect(
            performing: {
                _ = try await ann.connect(
                    to: SocketAddress(ipAddress: "127.0.0.1", port: 9), context: [UInt8](repeating: 0, count: 4097))
            },
            throws: { error in
                if case .other(let cause) = error as? PeerConnectionFailure { return cause.code == .contextTooLarge }
                return false
            })
        await ann.disconnect()
    }

    @Test func invalidNamesFailAtConstruction() {
        #expect(throws: PeersError.self) {
            try PeerSession(sessionID: "s", displayName: String(repeating: "x", count: 64))
        }
        #expect(throws: PeersError.self) { try PeerSession(sessionID: "", displayName: "a") }
        #expect(throws: PeersError.self) {
            try PeerSession(sessionID: String(repeating: "s", count: 101), displayName: "a")
        }
    }
}
