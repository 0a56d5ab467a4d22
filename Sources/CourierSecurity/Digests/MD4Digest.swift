import Crypto
import Foundation

/// The 16-byte output of ``MD4``.
public struct MD4Digest: Digest, HexDescribedDigest {
    /// MD4 digests are 16 bytes.
    public static let byteCount = 16

    static let hashName = "MD4"

    let bytes: [UInt8]
}
