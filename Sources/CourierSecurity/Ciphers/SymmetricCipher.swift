import Foundation

/// A symmetric cipher whose output carries everything needed to decrypt it except the key: the IV
/// or nonce travels in front, and an authentication tag (for AEADs) at the end.
///
/// ```swift
/// let cipher = try CipherAlgorithm.aesGCM.makeCipher(key: key)
/// let message = try cipher.encrypt(plaintext)
/// let back = try cipher.decrypt(message)
/// ```
public protocol SymmetricCipher: Sendable {
    /// Encrypts with a fresh random IV or nonce; returns `iv/nonce || ciphertext [|| tag]`.
    ///
    /// - Throws: ``SecurityError`` when the underlying primitive fails.
    func encrypt(_ plaintext: some DataProtocol) throws -> Data

    /// Decrypts what ``encrypt(_:)`` produced.
    ///
    /// - Throws: ``SecurityError`` with a code saying what was wrong: a truncated message, bad
    ///   alignment, bad padding (`decodeError`) or a failed authentication tag.
    func decrypt(_ message: some DataProtocol) throws -> Data
}
