import CourierPeers
import NIOCore
import NIOPosix
import Testing

/// Invitation outcomes and limits not covered by ``PeerSessionTests``: what the inviter sees of a version
/// mismatch, the invitee's own checks, the pending-invitation and client limits, and who sees whom.
@Suite struct PeerInvitationLimitTests {
    enum Mismatch: CaseIterable {
        /// The invitee speaks version 2 and says so in its hello.
        case helloOfAnotherVersion
        /// The invitee read our version-1 hello and refused it.
        case rejectFrame
    }

    @Test(arguments: Mismatch.allCases) func theInviterSeesAVersionMismatch(_ mismatch: Mismatch) async throws {
        let opening: PeerFrame
        switch mismatch {
        case .helloOfAnotherVersion:
            opening = PeerFrame(kind: .hello, body: RawPeer.hello(0x72, version: 2).encoded())
        case .rejectFrame:
            var body = ByteBuffer()
            body.writeInteger(PeerCloseReason.versionMismatch.rawValue)
            body.writeString("this side speaks wire version 2")
            opening = PeerFrame(kind: .reject, body: body)
        }
        let (server, _) = try await RawPeer.listen(opening: [opening])
        let ann = try await PeerFixtures.session("Ann", encryption: .none)
        let annLog = EventLog(ann)
        let port = try #require(server.localAddress?.port)
        await #expect(throws: PeerConnectionFailure.versionMismatch) {
            _ = try await ann.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port))
        }
        let failed = await annLog.next {
            if case .connectionFailed(_, .versionMismatch) = $0 { true } else { false }
        }
        #expect(failed != nil)
        await ann.disconnect()
        try await server.close()
    }

    @Test func theInviteeRefusesAContextOver4KiB() async throws {
        let bob = try await PeerFixtures.session("Bob", encryption: .none)
        let bobLog = EventLog(bob)
        let raw = try await RawPeer.connect(to: await bob.port, hello: RawPeer.hello(0x73))
        var received = raw.frames.makeAsyncIterator()
        let hello = await raw.next(.hello, iterator: &received)
        #expect(hello != nil)
        var invite = ByteBuffer()
        invite.writeInteger(UInt32(30_000))
        invite.writeBytes([UInt8](repeating: 0x43, count: PeerLimits.maximumContextSize + 1))
        try await raw.send(PeerFrame(kind: .invite, body: invite))
        let answer = await raw.next(.deny, iterator: &received)
        var deny = try #require(answer)
        #expect(deny.body.readInteger(as: UInt8.self) == PeerCloseReason.protocolError.rawValue)
        let failed = await bobLog.next { event in
            if case .connectionFailed(_, .other(let error)) = event { return error.code == .contextTooLarge }
            return false
        }
        #expect(failed != nil)
        #expect(await bobLog.events.contains { if case .invitation = $0 { true } else { false } } == false)
        await raw.close()
        await bob.disconnect()
    }

    @Test func theNinthPendingInvitationIsDenied() async throws {
        let bob = try await PeerFixtures.session("Bob")
        let bobLog = EventLog(bob, answer: .ignore)
        let address = try await PeerFixtures.address(of: bob)
        var inviters: [PeerSession] = []
        var attempts: [Task<PeerInfo, any Error>] = []
        for index in 0..<PeerLimits.maximumPendingInvitations {
            let inviter = try await PeerFixtures.session("p\(index)")
            inviters.append(inviter)
            attempts.append(Task { try await inviter.connect(to: address) })
        }
        for _ in 0..<PeerLimits.maximumPendingInvitations {
            #expect(await bobLog.next { if case .invitation = $0 { true } else { false } } != nil)
        }
        let ninth = try await PeerFixtures.session("p8")
        await #expect(throws: PeerConnectionFailure.denied) { _ = try await ninth.connect(to: address) }
        // The eight are still pending: the first can still be accepted.
        try await bob.accept(inviters[0].peerID)
        #expect(try await attempts[0].value.id == bob.peerID)
        for inviter in inviters + [ninth] { await inviter.disconnect() }
        for attempt in attempts { _ = try? await attempt.value }
        await bob.disconnect()
    }

    @Test func aServerTakesSixteenClientsAndRefusesTheSeventeenth() async throws {
        let server = try await PeerFixtures.session("server", mode: .server)
        _ = EventLog(server)
        let address = try await PeerFixtures.address(of: server)
        #expect(server.maximumPeers == PeerLimits.maximumClients)
        var clients: [PeerSession] = []
        for index in 0..<PeerLimits.maximumClients {
            let client = try await PeerFixtures.session("c\(index)", mode: .client)
            clients.append(client)
            _ = try await client.connect(to: address)
        }
        #expect(await server.connectedPeers.count == 16)
        let extra = try await PeerFixtures.session("c16", mode: .client)
        await #expect(throws: PeerConnectionFailure.sessionFull) { _ = try await extra.connect(to: address) }
        for session in clients + [extra, server] { await session.disconnect() }
    }

    @Test(arguments: [
        (PeerSessionMode.client, PeerSessionMode.server, true),
        (.server, .client, true),
        (.peer, .peer, true),
        (.peer, .server, false),
        (.client, .client, false),
        (.server, .server, false),
        (.client, .peer, false),
    ])
    func modesSeeOnlyTheirCounterparts(inviter: PeerSessionMode, invitee: PeerSessionMode, connects: Bool)
        async throws
    {
        #expect(inviter.sees(invitee) == connects)
        let one = try await PeerFixtures.session("one", mode: inviter)
        let two = try await PeerFixtures.session("two", mode: invitee)
        _ = EventLog(two)
        let address = try await PeerFixtures.address(of: two)
        if connects {
            #expect(try await one.connect(to: address).mode == invitee)
            #expect(await two.connectedPeers.map(\.mode) == [inviter])
        } else {
            await #expect(throws: PeerConnectionFailure.self) { _ = try await one.connect(to: address) }
            #expect(await two.connectedPeers.isEmpty)
        }
        await one.disconnect()
        await two.disconnect()
    }

    @Test func unreliableMessagesSentBeforeAGoodbyeStillArrive() async throws {
        // A long chunk expiry: the departed peer's datagrams are taken for that long (real time).
        let ann = try await PeerFixtures.session("Ann", encryption: .none)
        let bob = try await PeerFixtures.session("Bob", encryption: .none, chunkExpiry: .seconds(60))
        let bobLog = EventLog(bob)
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        _ = await bobLog.next { PeerFixtures.isState($0, .connected) }
        await ann.disconnect()
        #expect(await bobLog.next { PeerFixtures.isState($0, .disconnected, of: ann.peerID) } != nil)
        // A datagram Ann sent before her goodbye, overtaken by it.
        let tag = PeerSession.tag(sessionID: "test1.0")
        let late = try PeerDatagram.chunks(
            of: ByteBuffer(string: "sent before goodbye"), sessionTag: tag, sender: ann.peerID, messageNumber: 0)
        let udp = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        var bytes = ByteBuffer()
        late[0].write(to: &bytes)
        let target = try SocketAddress(ipAddress: "127.0.0.1", port: await bob.unreliablePort)
        try await udp.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: bytes)).get()
        let received = try #require(await bobLog.nextData())
        #expect(received.text == "sent before goodbye")
        #expect(received.mode == .unreliable)
        try await udp.close()
        await bob.disconnect()
    }
}

/// A peer that invites again while its older connection is still up here (it reconnected before its goodbye
/// arrived, or it restarted).
@Suite struct PeerReconnectionTests {
    @Test func aSecondInvitationFromAConnectedPeerReplacesItsOldConnection() async throws {
        let bob = try await PeerFixtures.session("Bob", encryption: .none)
        let bobLog = EventLog(bob)
        let hello = RawPeer.hello(0x74)
        let first = try await RawPeer.connect(to: await bob.port, hello: hello)
        var firstFrames = first.frames.makeAsyncIterator()
        var invite = ByteBuffer()
        invite.writeInteger(UInt32(30_000))
        try await first.send(PeerFrame(kind: .invite, body: invite))
        #expect(await first.next(.accept, iterator: &firstFrames) != nil)
        #expect(await bobLog.next { PeerFixtures.isState($0, .connected, of: hello.peerID) } != nil)

        // The same peer ID on a new connection, the first one still open.
        let second = try await RawPeer.connect(to: await bob.port, hello: hello)
        var secondFrames = second.frames.makeAsyncIterator()
        try await second.send(PeerFrame(kind: .invite, body: invite))
        // Bob ends the old connection, then takes the new invitation, which its log accepts.
        #expect(await bobLog.next { PeerFixtures.isState($0, .disconnected, of: hello.peerID) } != nil)
        #expect(await bobLog.next { if case .invitation = $0 { true } else { false } } != nil)
        #expect(await second.next(.accept, iterator: &secondFrames) != nil)
        #expect(await bobLog.next { PeerFixtures.isState($0, .connected, of: hello.peerID) } != nil)
        #expect(await bob.connectedPeers.map(\.id) == [hello.peerID])
        // The old connection was closed.
        while await first.next(.data, iterator: &firstFrames) != nil {}
        #expect(first.channel.isActive == false)
        await first.close()
        await second.close()
        await bob.disconnect()
    }
}
