import Crypto
import Foundation

/// ChaCha20-Poly1305 (RFC 8439): authenticated encryption that is fast and constant-time even on
/// processors without AES instructions.
///
/// Output is `nonce (12) || ciphertext || tag (16)`; the key is 32 bytes. As with AES-GCM, a nonce
/// must never repeat under one key.
///
/// ```swift
/// let cipher = try ChaCha20Poly1305Cipher(key: .random(byteCount: 32))
/// let sealed = try cipher.seal(plaintext)
/// let opened = try cipher.open(sealed)
/// ```
public struct ChaCha20Poly1305Cipher: SymmetricCipher, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, AEADCipher, RedactedReflection
{
    /// The nonce length, 12 bytes.
    public static let nonceByteCount = Primitive.nonceByteCount
    /// The tag length, 16 bytes.
    public static let tagByteCount = Primitive.tagByteCount

    let key: SecretKey

    /// Creates a cipher for a 32-byte key.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` for any other length.
    public init(key: SecretKey) throws {
        try key.require(byteCounts: [32], for: "ChaCha20-Poly1305")
        self.key = key
    }

    /// Encrypts and authenticates `plaintext` (and authenticates `authenticatedData` without
    /// encrypting it).
    ///
    /// - Parameter nonce: A 12-byte nonce, or nil for a random one.
    /// - Returns: `nonce || ciphertext || tag`.
    /// - Throws: ``SecurityError/Code/invalidIVLength`` for a nonce that is not 12 bytes.
    public func seal(
        _ plaintext: some DataProtocol,
        nonce: Data? = nil,
        authenticating authenticatedData: some DataProtocol = Data()
    ) throws -> Data {
        try Primitive.seal(plaintext, key: key, nonce: nonce, authenticating: authenticatedData)
    }

    /// Verifies and decrypts `nonce || ciphertext || tag`.
    ///
    /// - Throws: ``SecurityError/Code/truncatedInput`` when shorter than a nonce and a tag;
    ///   ``SecurityError/Code/integrityCheckFailed`` when the tag does not verify (wrong key,
    ///   tampering, wrong associated data). No plaintext is returned on failure.
    public func open(_ sealed: some DataProtocol, authenticating authenticatedData: some DataProtocol = Data()) throws
        -> Data
    {
        try Primitive.open(sealed, key: key, authenticating: authenticatedData)
    }

    /// `"ChaCha20Poly1305Cipher(key redacted)"`.
    public var description: String {
        "ChaCha20Poly1305Cipher(key redacted)"
    }
}

extension ChaCha20Poly1305Cipher {
    enum Primitive: AEADPrimitive {
        static let name = "ChaCha20-Poly1305"

        static func combined(
            _ plaintext: some DataProtocol, key: SymmetricKey, nonce: Data?, authenticating: some DataProtocol
        ) throws -> Data {
            let nonce = try nonce.map { try ChaChaPoly.Nonce(data: $0) } ?? ChaChaPoly.Nonce()
            return try ChaChaPoly.seal(plaintext, using: key, nonce: nonce, authenticating: authenticating).combined
        }

        static func opened(_ combined: Data, key: SymmetricKey, authenticating: some DataProtocol) throws -> Data {
            try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: combined), using: key, authenticating: authenticating)
        }
    }
}
