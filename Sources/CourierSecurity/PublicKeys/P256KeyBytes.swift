import Crypto
import Foundation

/// swift-crypto's P-256 private keys, for signing and for key agreement alike, as read from their raw scalar.
protocol P256PrivateKeyBytes {
    init(rawRepresentation: Data) throws
}

extension P256.Signing.PrivateKey: P256PrivateKeyBytes {}
extension P256.KeyAgreement.PrivateKey: P256PrivateKeyBytes {}

extension P256PrivateKeyBytes {
    /// Reads the raw 32-byte private scalar.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` for a length other than 32,
    ///   ``SecurityError/Code/invalidKeyData`` for an invalid scalar.
    init(scalar raw: some DataProtocol) throws {
        guard raw.count == 32 else {
            throw SecurityError.invalidKeyLength("P-256", expected: "32", actual: raw.count)
        }
        self = try SecurityError.invalidKeyData("the bytes are not a valid P-256 private key") {
            try Self(rawRepresentation: Data(raw))
        }
    }
}

/// swift-crypto's P-256 public keys, for signing and for key agreement alike, as read from a point.
protocol P256PublicKeyBytes {
    init(x963Representation: Data) throws
    init(rawRepresentation: Data) throws
    init(compressedRepresentation: Data) throws
}

extension P256.Signing.PublicKey: P256PublicKeyBytes {}
extension P256.KeyAgreement.PublicKey: P256PublicKeyBytes {}

extension P256PublicKeyBytes {
    /// Reads an uncompressed (65 bytes, `04 || x || y`), raw (`x || y`, 64 bytes) or compressed (33 bytes) point.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData`` for another length, or with `invalid` when the bytes are not
    ///   a point on P-256.
    init(point bytes: some DataProtocol, invalid: String) throws {
        let data = Data(bytes)
        do {
            switch data.count {
            case 65: try self.init(x963Representation: data)
            case 64: try self.init(rawRepresentation: data)
            case 33: try self.init(compressedRepresentation: data)
            default: throw SecurityError(.invalidKeyData, "a P-256 point is 33, 64 or 65 bytes, got \(data.count)")
            }
        } catch let error as SecurityError {
            throw error
        } catch {
            throw SecurityError(.invalidKeyData, invalid)
        }
    }
}
