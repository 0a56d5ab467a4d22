import Crypto
import Foundation

/// AES-GCM, the recommended authenticated cipher: confidentiality and integrity in one pass.
///
/// Output is `nonce (12) || ciphertext || tag (16)`. A nonce must never repeat under one key; the
/// default random 96-bit nonce is safe for about 2^32 messages per key. Callers with their own nonce
/// scheme (a counter per direction, as `CourierPeers` uses) pass it explicitly.
///
/// ```swift
/// let gcm = try AESGCMCipher(key: .random(byteCount: 32))
/// let sealed = try gcm.seal(plaintext, authenticating: header)
/// let opened = try gcm.open(sealed, authenticating: header)
/// ```
public struct AESGCMCipher: SymmetricCipher, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, AEADCipher
{
    /// The nonce length, 12 bytes.
    public static let nonceByteCount = Primitive.nonceByteCount
    /// The tag length, 16 bytes.
    public static let tagByteCount = Primitive.tagByteCount

    let key: SecretKey

    /// Creates a cipher for a 16-, 24- or 32-byte key.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` for any other length.
    public init(key: SecretKey) throws {
        try key.require(byteCounts: AESCBC.keyByteCounts, for: "AES-GCM")
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

    /// `"AESGCMCipher(AES-<bits>, key redacted)"`.
    public var description: String {
        "AESGCMCipher(AES-\(key.bitCount), key redacted)"
    }

    /// A mirror showing only the key size.
    public var customMirror: Mirror {
        Mirror(self, children: ["keyBitCount": key.bitCount], displayStyle: .struct)
    }
}

extension AESGCMCipher {
    enum Primitive: AEADPrimitive {
        static let name = "AES-GCM"

        static func combined(
            _ plaintext: some DataProtocol, key: SymmetricKey, nonce: Data?, authenticating: some DataProtocol
        ) throws -> Data {
            let nonce = try nonce.map { try AES.GCM.Nonce(data: $0) } ?? AES.GCM.Nonce()
            let box = try AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: authenticating)
            guard let combined = box.combined else {
                throw SecurityError(.invalidParameter, "AES-GCM produced no combined representation")
            }
            return combined
        }

        static func opened(_ combined: Data, key: SymmetricKey, authenticating: some DataProtocol) throws -> Data {
            try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key, authenticating: authenticating)
        }
    }
}
