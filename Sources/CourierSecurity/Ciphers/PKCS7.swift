import Foundation

/// PKCS#7 padding for 16-byte blocks, removed in constant time.
///
/// swift-crypto reports every CBC failure as one `incorrectParameterSize`; Courier checks padding
/// itself so bad padding is a distinct `decodeError`, and does so without branching on the padding
/// bytes, so timing does not reveal where the padding went wrong.
enum PKCS7 {
    static let blockByteCount = 16

    /// The padding to append to `count` bytes of plaintext: 1 to 16 bytes, each equal to the count.
    static func padding(forByteCount count: Int) -> [UInt8] {
        let length = blockByteCount - count % blockByteCount
        return [UInt8](repeating: UInt8(length), count: length)
    }

    /// The plaintext length once padding is removed, or nil when the padding is invalid.
    ///
    /// `plaintext` must be a non-empty whole number of blocks; only its last block is examined, and
    /// every byte of it is examined whatever the padding length.
    static func unpaddedByteCount(of plaintext: Data) -> Int? {
        guard plaintext.count >= blockByteCount, plaintext.count % blockByteCount == 0 else { return nil }
        let lastBlock = plaintext.suffix(blockByteCount)
        let padLength = UInt32(plaintext[plaintext.index(before: plaintext.endIndex)])
        var bad: UInt32 = 0
        bad |= lessThanOrEqualMask(padLength, 0)
        bad |= lessThanOrEqualMask(UInt32(blockByteCount + 1), padLength)
        var distanceFromEnd = UInt32(blockByteCount)
        for byte in lastBlock {
            let inPadding = lessThanOrEqualMask(distanceFromEnd, padLength)
            bad |= inPadding & (UInt32(byte) ^ padLength)
            distanceFromEnd -= 1
        }
        guard bad == 0 else { return nil }
        return plaintext.count - Int(padLength)
    }

    /// `0xFFFF_FFFF` when `lhs <= rhs`, else 0, computed without a data-dependent branch.
    private static func lessThanOrEqualMask(_ lhs: UInt32, _ rhs: UInt32) -> UInt32 {
        let difference = Int64(lhs) - Int64(rhs) - 1
        return UInt32(truncatingIfNeeded: difference >> 63)
    }
}
