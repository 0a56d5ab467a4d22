import Crypto
import CryptoExtras
import Foundation

/// An RSA public key for OAEP-SHA256 encryption and PSS (SHA-256) signature verification.
///
/// ```swift
/// let publicKey = try RSAPublicKey(pemRepresentation: serverKeyPEM)
/// let ciphertext = try publicKey.encrypt(sessionKeyBytes)
/// ```
public struct RSAPublicKey: Sendable, CustomStringConvertible {
    // swift-crypto's encryption key type is not Sendable, so it is rebuilt from the DER when needed.
    private let signingKey: _RSA.Signing.PublicKey

    init(signingKey: _RSA.Signing.PublicKey) {
        self.signingKey = signingKey
    }

    private var encryptionKey: _RSA.Encryption.PublicKey {
        get throws {
            try _RSA.Encryption.PublicKey(derRepresentation: signingKey.derRepresentation)
        }
    }

    /// Reads a PEM public key (`PUBLIC KEY` or `RSA PUBLIC KEY`).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData`` when the text is not an RSA public key of at
    ///   least 2048 bits.
    public init(pemRepresentation: String) throws {
        signingKey = try SecurityError.invalidKeyData("the PEM text is not an RSA public key of 2048 bits or more") {
            try _RSA.Signing.PublicKey(pemRepresentation: pemRepresentation)
        }
    }

    /// Reads a DER public key (SubjectPublicKeyInfo or PKCS#1).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData``.
    public init(derRepresentation: some DataProtocol) throws {
        signingKey = try SecurityError.invalidKeyData("the DER bytes are not an RSA public key of 2048 bits or more") {
            try _RSA.Signing.PublicKey(derRepresentation: derRepresentation)
        }
    }

    /// The key size in bits.
    public var keyBitCount: Int {
        signingKey.keySizeInBits
    }

    /// The key as SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
    public var pemRepresentation: String {
        signingKey.pemRepresentation
    }

    /// The key as SubjectPublicKeyInfo DER.
    public var derRepresentation: Data {
        signingKey.derRepresentation
    }

    /// The longest plaintext ``encrypt(_:)`` accepts: the modulus length minus 66 bytes for OAEP-SHA256.
    public var maximumPlaintextByteCount: Int {
        // OAEP takes two hash lengths plus two bytes from the modulus length.
        keyBitCount / 8 - 2 * 32 - 2
    }

    /// Encrypts with RSA-OAEP (SHA-256, MGF1-SHA-256).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when the plaintext is longer than
    ///   ``maximumPlaintextByteCount`` (encrypt a symmetric key instead of the data itself).
    public func encrypt(_ plaintext: some DataProtocol) throws -> Data {
        guard plaintext.count <= maximumPlaintextByteCount else {
            throw SecurityError(
                .invalidParameter,
                "RSA-OAEP can encrypt at most \(maximumPlaintextByteCount) bytes with this key, got \(plaintext.count)"
            )
        }
        return try SecurityError.invalidParameter("RSA-OAEP encryption") {
            try encryptionKey.encrypt(plaintext, padding: .PKCS1_OAEP_SHA256)
        }
    }

    /// Whether `signature` is a valid RSA-PSS (SHA-256) signature of `data` by the private key.
    public func isValidSignature(_ signature: some DataProtocol, for data: some DataProtocol) -> Bool {
        signingKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .PSS)
    }

    /// `"RSAPublicKey(<bits> bits)"`.
    public var description: String {
        "RSAPublicKey(\(keyBitCount) bits)"
    }
}
