import CourierPeers
import Crypto
import NIOCore
import Synchronization
import Testing

/// Peer verification between sessions on loopback: a shared session secret, and signing identities judged by
/// `verifyPeer`.
@Suite struct PeerSessionAuthenticationTests {
    static func session(
        _ name: String, secret: String? = nil, identity: P256.Signing.PrivateKey? = nil,
        verifyPeer: (@Sendable (PeerCredentials) async -> Bool)? = nil
    ) async throws -> PeerSession {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.sharedSecret = secret.map { Array($0.utf8) }
        configuration.identity = identity
        configuration.verifyPeer = verifyPeer
        let session = try PeerSession(sessionID: "test1.0", displayName: name, configuration: configuration)
        try await session.start()
        return session
    }

    static func isAuthenticationFailure(_ failure: PeerConnectionFailure) -> Bool {
        if case .other(let error) = failure { error.code == .authenticationFailed } else { false }
    }

    @Test func peersWithTheSecretConnectAndAPeerWithoutItIsRefused() async throws {
        let ann = try await Self.session("Ann", secret: "open sesame")
        let bob = try await Self.session("Bob", secret: "open sesame")
        let carol = try await Self.session("Carol", secret: "open barley")
        let bobLog = EventLog(bob)
        let carolLog = EventLog(carol)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        #expect(peer.displayName == "Bob")
        try await ann.send(Array("members only".utf8))
        #expect(try #require(await bobLog.nextData()).text == "members only")

        let failure = await #expect(throws: PeerConnectionFailure.self) {
            _ = try await ann.connect(to: PeerFixtures.address(of: carol))
        }
        #expect(failure.map(Self.isAuthenticationFailure) == true)
        let refused = await carolLog.next {
            if case .connectionFailed(_, let failure) = $0 { Self.isAuthenticationFailure(failure) } else { false }
        }
        #expect(refused != nil)
        #expect(await carol.connectedPeers.isEmpty)
        for session in [ann, bob, carol] { await session.disconnect() }
    }

    @Test func verifyPeerSeesTheProvedKeyAndDecides() async throws {
        let annKey = P256.Signing.PrivateKey()
        let trusted = annKey.publicKey.rawRepresentation
        let asked = Mutex<[String]>([])
        let bob = try await Self.session("Bob") { credentials in
            asked.withLock { $0.append(credentials.peer.displayName) }
            return credentials.publicKey.rawRepresentation == trusted
        }
        let bobLog = EventLog(bob)
        let ann = try await Self.session("Ann", identity: annKey)
        let dave = try await Self.session("Dave", identity: P256.Signing.PrivateKey())
        let eve = try await Self.session("Eve")

        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        #expect(peer.displayName == "Bob")
        try await ann.send(Array("signed in".utf8))
        #expect(try #require(await bobLog.nextData()).text == "signed in")

        // An identity verifyPeer refuses, and no identity at all.
        for stranger in [dave, eve] {
            let failure = await #expect(throws: PeerConnectionFailure.self) {
                _ = try await stranger.connect(to: PeerFixtures.address(of: bob))
            }
            #expect(failure.map(Self.isAuthenticationFailure) == true)
        }
        let refusedDave = await bobLog.next {
            if case .connectionFailed(let peer?, let failure) = $0 {
                peer.displayName == "Dave" && Self.isAuthenticationFailure(failure)
            } else {
                false
            }
        }
        #expect(refusedDave != nil)
        // Eve presented nothing, so verifyPeer was never asked about her.
        #expect(asked.withLock { $0 } == ["Ann", "Dave"])
        #expect(await bob.connectedPeers.map(\.displayName) == ["Ann"])
        for session in [ann, bob, dave, eve] { await session.disconnect() }
    }

    @Test func authenticationNeedsEncryptionAndARealSecret() {
        var configuration = PeerSessionConfiguration()
        configuration.sharedSecret = Array("s".utf8)
        configuration.encryptionPreference = .none
        #expect(throws: PeersError.self) { try PeerSession(sessionID: "s", configuration: configuration) }
        configuration.sharedSecret = nil
        configuration.verifyPeer = { _ in true }
        #expect(throws: PeersError.self) { try PeerSession(sessionID: "s", configuration: configuration) }
        configuration = PeerSessionConfiguration()
        configuration.sharedSecret = []
        #expect(throws: PeersError.self) { try PeerSession(sessionID: "s", configuration: configuration) }
    }
}
