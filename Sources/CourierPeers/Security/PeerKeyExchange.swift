import Crypto
import Foundation

/// One side's X25519 key share for one connection, and the HKDF-SHA256 derivation of the two directional
/// AES-256-GCM keys from it.
public struct PeerKeyExchange: Sendable {
    private let privateKey: Curve25519.KeyAgreement.PrivateKey

    /// Creates a fresh ephemeral key.
    public init() {
        privateKey = Curve25519.KeyAgreement.PrivateKey()
    }

    /// The 32-byte public key for the hello.
    public var keyShare: [UInt8] { Array(privateKey.publicKey.rawRepresentation) }

    /// Agrees on a secret with the other side's share and derives a cipher for this side.
    ///
    /// The salt binds both hellos' identities (session ID and both peer IDs, initiator first), so keys from
    /// one session or pair are useless in another; directions get separate keys, so counter nonces never repeat
    /// under one key.
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` when the share is not a valid X25519 point.
    public func cipher(
        peerShare: [UInt8], sessionID: String, initiator: PeerID, responder: PeerID, isInitiator: Bool
    ) throws(PeersError) -> PeerCipher {
        let secret: SharedSecret
        do {
            let peerKey = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: peerShare)
            secret = try privateKey.sharedSecretFromKeyAgreement(with: peerKey)
        } catch {
            throw PeersError(.authenticationFailed, "the peer's key share is not a valid X25519 key")
        }
        var salt = Array("courier-peers/1".utf8) + Array(sessionID.utf8)
        withUnsafeBytes(of: initiator.rawValue.bigEndian) { salt.append(contentsOf: $0) }
        withUnsafeBytes(of: responder.rawValue.bigEndian) { salt.append(contentsOf: $0) }
        let forward = secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: salt, sharedInfo: Array("initiator to responder".utf8), outputByteCount: 32)
        let backward = secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: salt, sharedInfo: Array("responder to initiator".utf8), outputByteCount: 32)
        return isInitiator
            ? PeerCipher(sendKey: forward, receiveKey: backward) : PeerCipher(sendKey: backward, receiveKey: forward)
    }
}
