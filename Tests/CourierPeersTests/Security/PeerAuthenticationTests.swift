import Crypto
import NIOCore
import NIOEmbedded
import Testing

@testable import CourierPeers

/// The `auth` proofs after the hellos: a shared secret proved both ways, a signing identity proved and handed to
/// `verifyPeer`, and the refusals, at the level of the handler (two embedded channels) and of the proofs themselves.
@Suite struct PeerAuthenticationTests {
    typealias Handler = PeerConnectionHandlerTests

    /// An initiator (ID 1) and a responder (ID 2), both requiring encryption, each with its own settings.
    static func pair(_ a: PeerAuthentication, _ b: PeerAuthentication) throws -> (EmbeddedChannel, EmbeddedChannel) {
        let (keyA, keyB) = (PeerKeyExchange(), PeerKeyExchange())
        return (
            try Handler.channel(Handler.hello(1, key: keyA), key: keyA, initiator: true, authentication: a),
            try Handler.channel(Handler.hello(2, key: keyB), key: keyB, initiator: false, authentication: b)
        )
    }

    /// The hellos a side delivered, with the identity proved with each.
    static func identities(_ delivered: [PeerInbound]) -> [P256.Signing.PublicKey?] {
        var result: [P256.Signing.PublicKey?] = []
        for inbound in delivered {
            if case .hello(_, _, let identity) = inbound { result.append(identity) }
        }
        return result
    }

    @Test func theSameSecretOnBothSidesConnects() throws {
        let secret = PeerAuthentication(sharedSecret: Array("open sesame".utf8))
        let (a, b) = try Self.pair(secret, secret)
        let seen = try Handler.handshake(a, b)
        #expect(Self.identities(seen.a).count == 1)
        #expect(Self.identities(seen.b).count == 1)
        #expect(a.isActive && b.isActive)
    }

    /// Which side knows which secret, when they do not agree.
    enum Mismatch: CaseIterable {
        case differentSecrets
        case onlyTheInitiatorHasOne
        case onlyTheResponderHasOne

        var secrets: (initiator: [UInt8]?, responder: [UInt8]?) {
            switch self {
            case .differentSecrets: (Array("open sesame".utf8), Array("open barley".utf8))
            case .onlyTheInitiatorHasOne: (Array("open sesame".utf8), nil)
            case .onlyTheResponderHasOne: (nil, Array("open sesame".utf8))
            }
        }
    }

    @Test(arguments: Mismatch.allCases)
    func aWrongOrMissingSecretIsRefused(_ mismatch: Mismatch) throws {
        let (secretA, secretB) = mismatch.secrets
        let (a, b) = try Self.pair(PeerAuthentication(sharedSecret: secretA), PeerAuthentication(sharedSecret: secretB))
        let seen = try Handler.handshake(a, b)
        // Whoever demanded the secret delivered nothing and closed; the other side was told why.
        #expect(a.isActive == false || b.isActive == false)
        if secretA != nil {
            #expect(Self.identities(seen.a).isEmpty)
        }
        if secretB != nil {
            #expect(Self.identities(seen.b).isEmpty)
        }
    }

    @Test func theRefusalSaysAuthenticationFailed() throws {
        let (a, b) = try Self.pair(
            PeerAuthentication(sharedSecret: Array("one".utf8)), PeerAuthentication(sharedSecret: Array("two".utf8)))
        try a.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        _ = try Handler.pump(a, b)  // A's hello; B answers with its hello and proof.
        let helloB = try #require(try b.readOutbound(as: PeerFrame.self))
        let proofB = try #require(try b.readOutbound(as: PeerFrame.self))
        #expect(proofB.kind == .auth)
        try a.writeInbound(helloB)  // A sends its proof.
        #expect(
            throws: PeersError(
                .authenticationFailed, "the peer did not prove that it knows the session's shared secret")
        ) {
            try a.writeInbound(proofB)
        }
        _ = try a.readOutbound(as: PeerFrame.self)  // A's own proof, sent before it checked B's.
        let reject = try #require(try a.readOutbound(as: PeerFrame.self))
        #expect(reject.kind == .reject)
        #expect(
            reject.body.getInteger(at: reject.body.readerIndex, as: UInt8.self)
                == PeerCloseReason.authenticationFailed.rawValue)
    }

    @Test func anIdentityIsProvedAndHandedOn() throws {
        let key = P256.Signing.PrivateKey()
        let (a, b) = try Self.pair(PeerAuthentication(identity: key), PeerAuthentication(requiresIdentity: true))
        let seen = try Handler.handshake(a, b)
        let presented = try #require(Self.identities(seen.b).first ?? nil)
        #expect(presented.rawRepresentation == key.publicKey.rawRepresentation)
        // B presented nothing, and A asked for nothing: A connects and sees no identity.
        let seenByA = Self.identities(seen.a)
        #expect(seenByA.count == 1)
        #expect(seenByA.first.flatMap { $0 } == nil)
    }

    @Test func aSideThatRequiresAnIdentityRefusesAPeerWithout() throws {
        let (a, b) = try Self.pair(PeerAuthentication(), PeerAuthentication(requiresIdentity: true))
        let seen = try Handler.handshake(a, b)
        #expect(Self.identities(seen.b).isEmpty)
        #expect(b.isActive == false)
    }

    @Test func proofsDoNotVerifyUnderAnotherTranscriptRoleOrKey() throws {
        let key = P256.Signing.PrivateKey()
        let settings = PeerAuthentication(sharedSecret: Array("s".utf8), identity: key, requiresIdentity: true)
        let one = PeerAuthentication.transcript(
            initiatorHello: ByteBuffer(string: "hello one"), responderHello: ByteBuffer(string: "hello two"))
        let other = PeerAuthentication.transcript(
            initiatorHello: ByteBuffer(string: "hello one"), responderHello: ByteBuffer(string: "hello 2"))
        let proof = settings.proof(transcript: one, isInitiator: true)
        let verified = try settings.verify(proof, transcript: one, senderIsInitiator: true)
        #expect(verified?.rawRepresentation == key.publicKey.rawRepresentation)
        // Another connection's transcript (other key shares), a proof reflected to its maker, another secret.
        #expect(throws: PeersError.self) { try settings.verify(proof, transcript: other, senderIsInitiator: true) }
        #expect(throws: PeersError.self) { try settings.verify(proof, transcript: one, senderIsInitiator: false) }
        var otherSecret = settings
        otherSecret.sharedSecret = Array("t".utf8)
        #expect(throws: PeersError.self) { try otherSecret.verify(proof, transcript: one, senderIsInitiator: true) }
        // Only the identity checked: a signature by another key over the same bytes does not pass for this key.
        let identityOnly = PeerAuthentication(requiresIdentity: true)
        var swapped = PeerAuthentication(identity: P256.Signing.PrivateKey())
            .proof(transcript: one, isInitiator: true)
        let signature = swapped.getBytes(at: swapped.readerIndex + 1 + 1 + 65, length: swapped.readableBytes - 67) ?? []
        swapped = ByteBuffer(bytes: [2, 65] + key.publicKey.x963Representation + signature)
        #expect(throws: PeersError(.authenticationFailed, "the peer's identity signature does not verify")) {
            try identityOnly.verify(swapped, transcript: one, senderIsInitiator: true)
        }
    }

    @Test(arguments: [
        [UInt8](), [4], [1, 0, 0], [2, 65], [0, 0],
    ])
    func malformedProofsAreRefused(body: [UInt8]) throws {
        let settings = PeerAuthentication()
        #expect(throws: PeersError.self) {
            try settings.verify(ByteBuffer(bytes: body), transcript: [1], senderIsInitiator: true)
        }
    }

    @Test func aFrameOtherThanAuthAfterTheHellosClosesTheConnection() throws {
        let (a, b) = try Self.pair(PeerAuthentication(), PeerAuthentication())
        try b.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try a.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        _ = try Handler.pump(a, b)
        #expect(b.isActive)
        #expect(throws: PeersError.self) { try b.writeInbound(PeerFrame(kind: .data, body: ByteBuffer(string: "x"))) }
        #expect(b.isActive == false)
    }
}
