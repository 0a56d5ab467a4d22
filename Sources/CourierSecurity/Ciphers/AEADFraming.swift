import Crypto
import Foundation

/// The primitive under an AEAD cipher: all that AES-GCM and ChaCha20-Poly1305 do differently. The framing
/// (`nonce (12) || ciphertext || tag (16)`), the length checks and the errors are shared, in the extension.
protocol AEADPrimitive {
    /// The algorithm's name in errors, such as `AES-GCM`.
    static var name: String { get }
    /// Seals `plaintext` under `nonce` (12 bytes, already checked), or a random nonce when it is `nil`.
    static func combined(
        _ plaintext: some DataProtocol, key: SymmetricKey, nonce: Data?, authenticating: some DataProtocol
    ) throws -> Data
    /// Verifies and decrypts a combined message of at least a nonce and a tag.
    static func opened(_ combined: Data, key: SymmetricKey, authenticating: some DataProtocol) throws -> Data
}

extension AEADPrimitive {
    /// The nonce length, 12 bytes.
    static var nonceByteCount: Int { 12 }
    /// The tag length, 16 bytes.
    static var tagByteCount: Int { 16 }

    /// Checks the nonce, seals, and turns the primitive's failures into ``SecurityError``s.
    static func seal(
        _ plaintext: some DataProtocol, key: SecretKey, nonce: Data?, authenticating: some DataProtocol
    ) throws -> Data {
        if let nonce, nonce.count != nonceByteCount {
            throw SecurityError.invalidIVLength(name, expected: nonceByteCount, actual: nonce.count)
        }
        do {
            return try combined(plaintext, key: key.symmetricKey, nonce: nonce, authenticating: authenticating)
        } catch let error as SecurityError {
            throw error
        } catch {
            throw SecurityError(.invalidParameter, "\(name) encryption failed: \(error)")
        }
    }

    /// Checks the length and opens; any failure of the primitive is ``SecurityError/integrityCheckFailed``,
    /// with no plaintext.
    static func open(_ sealed: some DataProtocol, key: SecretKey, authenticating: some DataProtocol) throws -> Data {
        guard sealed.count >= nonceByteCount + tagByteCount else {
            throw SecurityError(
                .truncatedInput,
                "a sealed \(name) message needs at least \(nonceByteCount + tagByteCount) bytes, got \(sealed.count)")
        }
        do {
            return try opened(AESCBC.contiguous(sealed), key: key.symmetricKey, authenticating: authenticating)
        } catch {
            throw SecurityError.integrityCheckFailed
        }
    }
}

/// An AEAD cipher over a ``AEADPrimitive``: ``AESGCMCipher`` and ``ChaCha20Poly1305Cipher`` get
/// `encrypt` and `decrypt` from here and keep only their key checks, `seal`, `open` and names.
protocol AEADCipher: SymmetricCipher, RedactedDescription {
    /// The algorithm under the cipher.
    associatedtype Primitive: AEADPrimitive
    /// The key, already checked for the algorithm's lengths.
    var key: SecretKey { get }
}

extension AEADCipher {
    /// Seals with a random nonce and no associated data; returns `nonce || ciphertext || tag`.
    public func encrypt(_ plaintext: some DataProtocol) throws -> Data {
        try Primitive.seal(plaintext, key: key, nonce: nil, authenticating: Data())
    }

    /// Opens `nonce || ciphertext || tag` with no associated data.
    public func decrypt(_ message: some DataProtocol) throws -> Data {
        try Primitive.open(message, key: key, authenticating: Data())
    }
}
