import CourierPeers
import NIOCore
import NIOPosix
import Testing

/// A peer that says hello, proves nothing and accepts, in plaintext, then never reads.
private final class SilentPeerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        var bytes = ByteBuffer()
        let hello = PeerHello(
            mode: .peer, encryption: .none, peerID: PeerID(rawValue: 0x51), udpPort: 9, sessionID: "test1.0",
            displayName: "silent", keyShare: [])
        PeerFrame(kind: .hello, body: hello.encoded()).write(to: &bytes)
        RawPeer.emptyProof.write(to: &bytes)
        PeerFrame(kind: .accept).write(to: &bytes)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
    }
}

/// A peer that says hello, proves nothing and accepts, starts a data frame and vanishes halfway through it.
private final class VanishingPeerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        var bytes = ByteBuffer()
        let hello = PeerHello(
            mode: .peer, encryption: .none, peerID: PeerID(rawValue: 0x52), udpPort: 9, sessionID: "test1.0",
            displayName: "vanishing", keyShare: [])
        PeerFrame(kind: .hello, body: hello.encoded()).write(to: &bytes)
        RawPeer.emptyProof.write(to: &bytes)
        PeerFrame(kind: .accept).write(to: &bytes)
        bytes.writeInteger(UInt32(1000))
        bytes.writeInteger(PeerFrame.Kind.data.rawValue)
        bytes.writeBytes([1, 2, 3])
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}

@Suite struct PeerSessionFaultTests {
    @Test func aPeerThatVanishesMidMessageIsDisconnected() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(VanishingPeerHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let ann = try await PeerFixtures.session("Ann", encryption: .none)
        let annLog = EventLog(ann)
        let port = try #require(server.localAddress?.port)
        // The accept may or may not be read before the close; either way the attempt ends and nothing hangs.
        _ = try? await ann.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port))
        if await ann.connectedPeers.isEmpty == false {
            let dropped = await annLog.next {
                if case .stateChanged(_, .disconnected) = $0 { true } else { false }
            }
            #expect(dropped != nil)
        }
        let data = await annLog.events.contains { if case .data = $0 { true } else { false } }
        #expect(data == false)
        await ann.disconnect()
        try await server.close()
    }

    @Test func aPeerThatNeverReadsSuspendsSendsThenTimesOut() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.autoRead, value: false)
            .childChannelOption(.socketOption(.so_rcvbuf), value: 64 * 1024)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(SilentPeerHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        // A clock that never moves: the silent peer must be dropped by the send timeout, not the disconnect timeout.
        let ann = try await PeerFixtures.session(
            "Ann", encryption: .none, sendTimeout: .seconds(1), clock: ManualClock())
        let annLog = EventLog(ann)
        let port = try #require(server.localAddress?.port)
        let peer = try await ann.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port))
        #expect(peer.displayName == "silent")
        let message = [UInt8](repeating: 1, count: PeerLimits.maximumMessageSize)
        var failure: PeersError?
        var sent = 0
        // 4 000 messages are 356 MB: far beyond any socket buffer, so the bound is never what ends the loop.
        while sent < 4000, failure == nil {
            do {
                try await ann.send(message)
                sent += 1
            } catch {
                failure = error
            }
            // A send to a session with no connected peer succeeds (it goes to nobody): stop at once, saying so,
            // rather than "sending" the rest to nobody.
            if failure == nil, sent % 64 == 0, await ann.connectedPeers.isEmpty {
                let events = await annLog.events
                Issue.record(
                    "the silent peer was dropped after \(sent) sends without a send failing; events: \(events)")
                break
            }
        }
        #expect(failure?.code == .sendTimedOut)
        #expect(sent < 4000)
        let dropped = await annLog.next {
            if case .stateChanged(_, .disconnected) = $0 { true } else { false }
        }
        #expect(dropped != nil)
        await ann.disconnect()
        try await server.close()
    }

    @Test func aLostChunkDropsItsMessageAndLaterMessagesArrive() async throws {
        let ann = try await PeerFixtures.session("Ann", encryption: .none)
        let bob = try await PeerFixtures.session("Bob", encryption: .none)
        let bobLog = EventLog(bob)
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        _ = await bobLog.next { if case .stateChanged(_, .connected) = $0 { true } else { false } }
        let tag = PeerSession.tag(sessionID: "test1.0")
        let lossy = try PeerDatagram.chunks(
            of: ByteBuffer(repeating: 7, count: 2500), sessionTag: tag, sender: ann.peerID, messageNumber: 900)
        let whole = try PeerDatagram.chunks(
            of: ByteBuffer(string: "after the loss"), sessionTag: tag, sender: ann.peerID, messageNumber: 901)
        let udp = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let target = try SocketAddress(ipAddress: "127.0.0.1", port: await bob.unreliablePort)
        // Chunk 1 of the first message is lost on purpose.
        for chunk in [lossy[0], lossy[2], whole[0]] {
            var bytes = ByteBuffer()
            chunk.write(to: &bytes)
            try await udp.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: bytes)).get()
        }
        let received = try #require(await bobLog.nextData())
        #expect(received.text == "after the loss")
        #expect(received.mode == .unreliable)
        try await udp.close()
        await ann.disconnect()
        await bob.disconnect()
    }
}
