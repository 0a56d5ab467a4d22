import Crypto
import CryptoExtras

/// The digest algorithms Courier offers, for hashing, HMAC, HKDF and PBKDF2.
///
/// MD4, MD5 and SHA-1 are kept for interoperability with old protocols (NTLM, the book's MD5 password
/// scheme, legacy servers); new designs should use SHA-256 or stronger.
public enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// MD4 (RFC 1320); broken, only for NTLM's NT hash.
    case md4
    /// MD5 (RFC 1321); broken for collisions, still used by old schemes.
    case md5
    /// SHA-1; broken for collisions.
    case sha1
    /// SHA-224.
    case sha224
    /// SHA-256.
    case sha256
    /// SHA-384.
    case sha384
    /// SHA-512.
    case sha512
    /// SHA-512/256 (SHA-512 with its own initial values, cut to 32 bytes).
    case sha512_256

    /// The digest length in bytes.
    public var byteCount: Int {
        switch self {
        case .md4, .md5: 16
        case .sha1: 20
        case .sha224: 28
        case .sha256, .sha512_256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    /// The block length in bytes (what HMAC pads its key to).
    public var blockByteCount: Int {
        hashFunctionType.blockByteCount
    }

    /// The conventional name: `"MD5"`, `"SHA-256"`, `"SHA-512/256"`.
    public var description: String {
        switch self {
        case .md4: "MD4"
        case .md5: "MD5"
        case .sha1: "SHA-1"
        case .sha224: "SHA-224"
        case .sha256: "SHA-256"
        case .sha384: "SHA-384"
        case .sha512: "SHA-512"
        case .sha512_256: "SHA-512/256"
        }
    }

    /// The swift-crypto (or Courier) `HashFunction` that implements the algorithm.
    var hashFunctionType: any HashFunction.Type {
        switch self {
        case .md4: MD4.self
        case .md5: Insecure.MD5.self
        case .sha1: Insecure.SHA1.self
        case .sha224: SHA224.self
        case .sha256: SHA256.self
        case .sha384: SHA384.self
        case .sha512: SHA512.self
        case .sha512_256: SHA512256.self
        }
    }
}
