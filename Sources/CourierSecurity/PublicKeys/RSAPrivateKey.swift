import Crypto
import CryptoExtras
import Foundation

/// An RSA private key for OAEP-SHA256 decryption and PSS (SHA-256) signatures — the book's public-key
/// sidebar, with the paddings that are safe today.
///
/// The key never appears in `description`, `debugDescription` or `dump`; export it deliberately with
/// ``pemRepresentation``.
///
/// ```swift
/// let privateKey = try RSAPrivateKey(bitCount: 2048)
/// let ciphertext = try privateKey.publicKey.encrypt(Data("secret".utf8))
/// let plaintext = try privateKey.decrypt(ciphertext)
/// let signature = try privateKey.signature(for: message)
/// privateKey.publicKey.isValidSignature(signature, for: message)   // true
/// ```
public struct RSAPrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    RedactedDescription
{
    /// The key sizes accepted: 2048, 3072 and 4096 bits.
    public static let allowedBitCounts = [2048, 3072, 4096]

    // swift-crypto's encryption key type is not Sendable, so it is rebuilt from the DER when needed.
    private let signingKey: _RSA.Signing.PrivateKey

    /// Generates a new key.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` for sizes other than 2048, 3072 or 4096.
    public init(bitCount: Int = 2048) throws {
        guard Self.allowedBitCounts.contains(bitCount) else {
            throw SecurityError.invalidKeyLength(
                "RSA", expected: "256, 384 or 512 (2048, 3072 or 4096 bits)", actual: bitCount / 8)
        }
        do {
            let signingKey = try _RSA.Signing.PrivateKey(keySize: .init(bitCount: bitCount))
            try self.init(signingKey: signingKey)
        } catch let error as SecurityError {
            throw error
        } catch {
            throw SecurityError(.invalidParameter, "RSA key generation failed: \(error)")
        }
    }

    /// Reads a PEM key (`RSA PRIVATE KEY` or `PRIVATE KEY`).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData`` when the text is not an RSA key of at least
    ///   2048 bits.
    public init(pemRepresentation: String) throws {
        let signingKey = try SecurityError.invalidKeyData(
            "the PEM text is not an RSA private key of 2048 bits or more"
        ) {
            try _RSA.Signing.PrivateKey(pemRepresentation: pemRepresentation)
        }
        try self.init(signingKey: signingKey)
    }

    /// Reads a DER key (PKCS#1 or PKCS#8).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData``.
    public init(derRepresentation: some DataProtocol) throws {
        let signingKey = try SecurityError.invalidKeyData(
            "the DER bytes are not an RSA private key of 2048 bits or more"
        ) {
            try _RSA.Signing.PrivateKey(derRepresentation: derRepresentation)
        }
        try self.init(signingKey: signingKey)
    }

    private init(signingKey: _RSA.Signing.PrivateKey) throws {
        self.signingKey = signingKey
    }

    /// The key size in bits.
    public var keyBitCount: Int {
        signingKey.keySizeInBits
    }

    /// The matching public key.
    public var publicKey: RSAPublicKey {
        RSAPublicKey(signingKey: signingKey.publicKey)
    }

    /// The key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`). Treat the result as a secret.
    public var pemRepresentation: String {
        signingKey.pkcs8PEMRepresentation
    }

    /// The key as PKCS#1 DER. Treat the result as a secret.
    public var derRepresentation: Data {
        signingKey.derRepresentation
    }

    /// Decrypts an RSA-OAEP (SHA-256, MGF1-SHA-256) ciphertext.
    ///
    /// - Throws: ``SecurityError/Code/decodeError`` when the ciphertext does not decrypt under this
    ///   key (wrong key, tampering, wrong padding scheme).
    public func decrypt(_ ciphertext: some DataProtocol) throws -> Data {
        do {
            let encryptionKey = try _RSA.Encryption.PrivateKey(derRepresentation: signingKey.derRepresentation)
            return try encryptionKey.decrypt(ciphertext, padding: .PKCS1_OAEP_SHA256)
        } catch {
            throw SecurityError(.decodeError, "RSA-OAEP decryption failed; the key or ciphertext is wrong")
        }
    }

    /// Signs `data` with RSA-PSS over SHA-256 (MGF1-SHA-256, 32-byte salt).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` if signing fails.
    public func signature(for data: some DataProtocol) throws -> Data {
        try SecurityError.invalidParameter("RSA-PSS signing") {
            try signingKey.signature(for: data, padding: .PSS).rawRepresentation
        }
    }

    /// `"RSAPrivateKey(<bits> bits, redacted)"`.
    public var description: String {
        "RSAPrivateKey(\(keyBitCount) bits, redacted)"
    }

    /// A mirror showing only the key size.
    public var customMirror: Mirror {
        Mirror(self, children: ["keyBitCount": keyBitCount], displayStyle: .struct)
    }
}
