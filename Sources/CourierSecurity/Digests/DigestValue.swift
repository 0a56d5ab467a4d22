import Foundation

/// The output of a digest or an HMAC: the bytes, with hex and base64 renderings.
///
/// `==` compares in constant time, so a `DigestValue` computed locally can be compared with one
/// received from a peer without leaking how many leading bytes matched.
///
/// ```swift
/// let digest = Digester.digest("test string", using: .md5)
/// digest.hex      // "6f8db599de986fab7a21625b7916589c"
/// digest.base64   // "b421md6Yb6p6IWJbeRZYnA=="
/// ```
public struct DigestValue: Sendable, Hashable, CustomStringConvertible {
    /// The algorithm that produced the value.
    public let algorithm: DigestAlgorithm
    /// The raw bytes.
    public let bytes: Data

    /// Wraps bytes produced by `algorithm`.
    public init(algorithm: DigestAlgorithm, bytes: Data) {
        self.algorithm = algorithm
        self.bytes = bytes
    }

    /// Lowercase hexadecimal, two characters per byte.
    public var hex: String {
        Hex.encode(bytes)
    }

    /// Standard base64 with padding.
    public var base64: String {
        Base64.encode(bytes)
    }

    /// `"<algorithm> <hex>"`.
    public var description: String {
        "\(algorithm) \(hex)"
    }

    /// Constant-time comparison of the bytes (and a plain comparison of the algorithms).
    public static func == (lhs: DigestValue, rhs: DigestValue) -> Bool {
        lhs.algorithm == rhs.algorithm && ConstantTime.isEqual(lhs.bytes, rhs.bytes)
    }

    /// Hashes the algorithm and the bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(algorithm)
        hasher.combine(bytes)
    }
}
