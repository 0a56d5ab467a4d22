import CourierPeers
import Logging
import NIOCore
import NIOEmbedded
import Testing

@Suite struct PeerConnectionHandlerTests {
    static func hello(
        _ id: UInt64, session: String = "s", encryption: EncryptionPreference = .required, key: PeerKeyExchange
    )
        -> PeerHello
    {
        PeerHello(
            mode: .peer, encryption: encryption, peerID: PeerID(rawValue: id), udpPort: 1, sessionID: session,
            displayName: "n\(id)", keyShare: encryption == .none ? [] : key.keyShare)
    }

    static func channel(
        _ hello: PeerHello, key: PeerKeyExchange, initiator: Bool,
        authentication: PeerAuthentication = PeerAuthentication()
    ) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            PeerConnectionHandler(
                local: hello, keyExchange: key, isInitiator: initiator, authentication: authentication,
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        return channel
    }

    /// Moves every outbound frame of `from` into `to`, returning what `to` delivered.
    static func pump(_ from: EmbeddedChannel, _ to: EmbeddedChannel) throws -> [PeerInbound] {
        var delivered: [PeerInbound] = []
        while let frame = try from.readOutbound(as: PeerFrame.self) {
            _ = try? to.writeInbound(frame)
            while let inbound = try to.readInbound(as: PeerInbound.self) { delivered.append(inbound) }
        }
        return delivered
    }

    /// Runs the handshake between initiator `a` and responder `b` (hellos, then proofs) until neither side has
    /// anything more to send; returns what each side delivered.
    static func handshake(_ a: EmbeddedChannel, _ b: EmbeddedChannel) throws -> (a: [PeerInbound], b: [PeerInbound]) {
        try b.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try a.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        var (seenByA, seenByB): ([PeerInbound], [PeerInbound]) = ([], [])
        for _ in 0..<4 {
            seenByB += try pump(a, b)
            seenByA += try pump(b, a)
        }
        return (seenByA, seenByB)
    }

    @Test func handshakeThenSealedFramesFlowBothWays() throws {
        let (keyA, keyB) = (PeerKeyExchange(), PeerKeyExchange())
        let a = try Self.channel(Self.hello(1, key: keyA), key: keyA, initiator: true)
        let b = try Self.channel(Self.hello(2, key: keyB), key: keyB, initiator: false)
        let seen = try Self.handshake(a, b)
        guard case .hello(let seenByB, let cipherB, let identity)? = seen.b.first else {
            Issue.record("B did not see A's hello")
            return
        }
        #expect(seenByB.peerID == PeerID(rawValue: 1))
        #expect(cipherB != nil)
        #expect(identity == nil)
        guard case .hello(let seenByA, _, _)? = seen.a.first else {
            Issue.record("A did not see B's hello")
            return
        }
        #expect(seenByA.displayName == "n2")
        a.write(PeerFrame(kind: .data, body: ByteBuffer(string: "secret")), promise: nil)
        a.flush()
        a.embeddedEventLoop.run()
        let wire = try #require(try a.readOutbound(as: PeerFrame.self))
        #expect(wire.body.readableBytes == 6 + 16)
        #expect(wire.body != ByteBuffer(string: "secret"))
        try b.writeInbound(wire)
        // A data frame arrives as the bytes the application receives.
        guard case .message(let opened)? = try b.readInbound(as: PeerInbound.self) else {
            Issue.record("no message")
            return
        }
        #expect(opened == Array("secret".utf8))
        // The same bytes again: a replay, which closes the connection.
        #expect(throws: PeersError.self) { try b.writeInbound(wire) }
        #expect(b.isActive == false)
    }

    @Test func aForgedFrameClosesTheConnection() throws {
        let (keyA, keyB) = (PeerKeyExchange(), PeerKeyExchange())
        let a = try Self.channel(Self.hello(1, key: keyA), key: keyA, initiator: true)
        let b = try Self.channel(Self.hello(2, key: keyB), key: keyB, initiator: false)
        _ = try Self.handshake(a, b)
        var forged = ByteBuffer(string: "forged")
        forged.writeBytes([UInt8](repeating: 0, count: 16))
        #expect(throws: PeersError.self) { try b.writeInbound(PeerFrame(kind: .data, body: forged)) }
        #expect(b.isActive == false)
    }

    @Test(arguments: [
        ("other", EncryptionPreference.required, PeerCloseReason.sessionMismatch),
        ("s", EncryptionPreference.none, PeerCloseReason.encryptionRequired),
    ])
    func refusesWithAReason(session: String, encryption: EncryptionPreference, reason: PeerCloseReason) throws {
        let (keyA, keyB) = (PeerKeyExchange(), PeerKeyExchange())
        let a = try Self.channel(
            Self.hello(1, session: session, encryption: encryption, key: keyA), key: keyA, initiator: true)
        let b = try Self.channel(Self.hello(2, key: keyB), key: keyB, initiator: false)
        try b.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try a.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let hello = try #require(try a.readOutbound(as: PeerFrame.self))
        #expect(throws: PeersError.self) { try b.writeInbound(hello) }
        let reject = try #require(try b.readOutbound(as: PeerFrame.self))
        #expect(reject.kind == .reject)
        #expect(reject.body.getInteger(at: reject.body.readerIndex, as: UInt8.self) == reason.rawValue)
    }

    @Test func refusesAWrongVersionAndAWrongMagic() throws {
        let key = PeerKeyExchange()
        for (offset, value, reason) in [(4, UInt8(9), PeerCloseReason.versionMismatch), (0, 0x58, .protocolError)] {
            let b = try Self.channel(Self.hello(2, key: key), key: key, initiator: false)
            try b.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            var body = Self.hello(1, key: PeerKeyExchange()).encoded()
            body.setInteger(value, at: offset)
            #expect(throws: PeersError.self) { try b.writeInbound(PeerFrame(kind: .hello, body: body)) }
            let reject = try #require(try b.readOutbound(as: PeerFrame.self))
            #expect(reject.body.getInteger(at: reject.body.readerIndex, as: UInt8.self) == reason.rawValue)
        }
    }

    @Test func aFirstFrameOtherThanHelloIsRefused() throws {
        let key = PeerKeyExchange()
        let b = try Self.channel(Self.hello(2, key: key), key: key, initiator: false)
        try b.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        #expect(throws: PeersError.self) { try b.writeInbound(PeerFrame(kind: .data, body: ByteBuffer(string: "x"))) }
        #expect(try b.readOutbound(as: PeerFrame.self)?.kind == .reject)
    }
}
