import Crypto
import Foundation

/// The 16-byte output of ``MD4``.
public struct MD4Digest: Digest {
    /// MD4 digests are 16 bytes.
    public static let byteCount = 16

    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Calls `body` with the digest bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// `"MD4 digest: <hex>"`, in the style of swift-crypto's digests.
    public var description: String {
        "MD4 digest: \(Hex.encode(bytes))"
    }
}
