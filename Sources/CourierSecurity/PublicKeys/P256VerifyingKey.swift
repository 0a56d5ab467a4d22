import Crypto
import Foundation

/// A P-256 ECDSA public key that checks ES256 signatures, raw or DER.
public struct P256VerifyingKey: Sendable, CustomStringConvertible {
    let key: P256.Signing.PublicKey

    init(key: P256.Signing.PublicKey) {
        self.key = key
    }

    /// Reads a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData``.
    public init(pemRepresentation: String) throws {
        key = try SecurityError.invalidKeyData("the PEM text is not a P-256 public key") {
            try P256.Signing.PublicKey(pemRepresentation: pemRepresentation)
        }
    }

    /// Reads an uncompressed (65 bytes, `04 || x || y`), compressed (33 bytes) or raw (`x || y`, 64
    /// bytes) point.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData`` when the bytes are not a point on P-256.
    public init(pointRepresentation bytes: some DataProtocol) throws {
        key = try P256.Signing.PublicKey(point: bytes, invalid: "the bytes are not a point on P-256")
    }

    /// The uncompressed point, `04 || x || y` (65 bytes).
    public var x963Representation: Data {
        key.x963Representation
    }

    /// The key as SubjectPublicKeyInfo PEM.
    public var pemRepresentation: String {
        key.pemRepresentation
    }

    /// Whether `signature` (raw 64-byte `r || s`, or DER) signs SHA-256 of `data`.
    public func isValidSignature(_ signature: some DataProtocol, for data: some DataProtocol) -> Bool {
        let parsed: P256.Signing.ECDSASignature?
        if signature.count == 64 {
            parsed = try? P256.Signing.ECDSASignature(rawRepresentation: Data(signature))
        } else {
            parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
        }
        guard let parsed else { return false }
        return key.isValidSignature(parsed, for: data)
    }

    /// `"P256VerifyingKey(<first 8 hex digits of x>…)"`.
    public var description: String {
        "P256VerifyingKey(\(Hex.encode(key.x963Representation.dropFirst().prefix(4)))…)"
    }
}
