import Crypto
import Foundation

/// A P-256 ECDH private key: agree on a shared secret with a peer's public key and turn it into a
/// symmetric key with HKDF-SHA256.
///
/// ```swift
/// let alice = P256KeyAgreementKey()
/// let bob = P256KeyAgreementKey()
/// let key = try alice.sharedKey(with: bob.publicKeyRepresentation, info: Data("courier".utf8))
/// // bob computes the same key from alice.publicKeyRepresentation
/// ```
public struct P256KeyAgreementKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, RedactedReflection
{
    private let key: P256.KeyAgreement.PrivateKey

    /// Generates a new key.
    public init() {
        key = P256.KeyAgreement.PrivateKey()
    }

    /// Reads the raw 32-byte private scalar.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength``, ``SecurityError/Code/invalidKeyData``.
    public init(rawRepresentation: some DataProtocol) throws {
        key = try P256.KeyAgreement.PrivateKey(scalar: rawRepresentation)
    }

    /// The public key to send to the peer, as an uncompressed point (65 bytes).
    public var publicKeyRepresentation: Data {
        key.publicKey.x963Representation
    }

    /// The raw 32-byte private scalar. Treat the result as a secret.
    public var rawRepresentation: Data {
        key.rawRepresentation
    }

    /// Runs ECDH with the peer's public key and derives a symmetric key with HKDF-SHA256.
    ///
    /// - Parameters:
    ///   - peerPublicKey: The peer's point: uncompressed (65 bytes), compressed (33) or raw (64).
    ///   - salt: The HKDF salt (may be empty).
    ///   - info: The HKDF info binding the key to its purpose.
    ///   - byteCount: The derived key length (32 by default).
    /// - Throws: ``SecurityError/Code/invalidKeyData`` when the peer's bytes are not a point on
    ///   P-256; ``SecurityError/Code/invalidParameter`` for a bad length.
    public func sharedKey(
        with peerPublicKey: some DataProtocol,
        salt: some DataProtocol = Data(),
        info: some DataProtocol = Data(),
        byteCount: Int = 32
    ) throws -> SecretKey {
        guard (1...255 * 32).contains(byteCount) else {
            throw SecurityError(.invalidParameter, "HKDF-SHA256 can produce 1...8160 bytes, not \(byteCount)")
        }
        let peer = try P256.KeyAgreement.PublicKey(
            point: peerPublicKey, invalid: "the peer's bytes are not a point on P-256")
        do {
            let secret = try key.sharedSecretFromKeyAgreement(with: peer)
            return SecretKey(
                secret.hkdfDerivedSymmetricKey(
                    using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: byteCount)
            )
        } catch {
            throw SecurityError(.invalidKeyData, "ECDH with the peer's key failed")
        }
    }

    /// `"P256KeyAgreementKey(redacted)"`.
    public var description: String {
        "P256KeyAgreementKey(redacted)"
    }
}
