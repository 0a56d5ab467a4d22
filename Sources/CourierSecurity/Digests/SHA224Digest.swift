import Crypto
import Foundation

/// The 28-byte output of ``SHA224``.
public struct SHA224Digest: Digest {
    /// SHA-224 digests are 28 bytes.
    public static let byteCount = 28

    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Calls `body` with the digest bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// `"SHA224 digest: <hex>"`, in the style of swift-crypto's digests.
    public var description: String {
        "SHA224 digest: \(Hex.encode(bytes))"
    }
}
