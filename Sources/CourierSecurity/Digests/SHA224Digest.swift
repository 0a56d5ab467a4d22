import Crypto
import Foundation

/// The 28-byte output of ``SHA224``.
public struct SHA224Digest: Digest, HexDescribedDigest {
    /// SHA-224 digests are 28 bytes.
    public static let byteCount = 28

    static let hashName = "SHA224"

    let bytes: [UInt8]
}
