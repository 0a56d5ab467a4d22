import Crypto
import Foundation

/// HMAC (RFC 2104) with any ``DigestAlgorithm``: compute, and verify in constant time.
///
/// The key must be at least as long as the digest (RFC 2104 §3 calls shorter keys "strongly
/// discouraged"); a shorter one is refused rather than padded, which is how the book's `CCHmac`
/// call silently weakened short keys. Pass `minimumKeyByteCount` to accept shorter keys when a
/// legacy peer fixes them.
///
/// ```swift
/// let key = try SecretKey(ascii: "065a62448fb75fce3764dcbe68f9908d")
/// let hmac = try HMACAuthenticator(key: key, algorithm: .sha256)
/// hmac.authenticationCode(for: "123443212300.002012-12-25 00:00:00").hex
/// // 51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9
/// hmac.isValid(receivedMAC, for: body)   // constant time
/// ```
public struct HMACAuthenticator: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, RedactedDescription
{
    /// The digest under the HMAC.
    public let algorithm: DigestAlgorithm
    private let key: SecretKey

    /// Creates an authenticator.
    ///
    /// - Parameters:
    ///   - key: The MAC key.
    ///   - algorithm: The digest; SHA-256 by default.
    ///   - minimumKeyByteCount: The shortest key accepted; the digest length by default.
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` when the key is shorter than the minimum.
    public init(key: SecretKey, algorithm: DigestAlgorithm = .sha256, minimumKeyByteCount: Int? = nil) throws {
        let minimum = max(1, minimumKeyByteCount ?? algorithm.byteCount)
        guard key.byteCount >= minimum else {
            throw SecurityError.invalidKeyLength(
                "HMAC-\(algorithm)", expected: "at least \(minimum)", actual: key.byteCount)
        }
        self.key = key
        self.algorithm = algorithm
    }

    /// The MAC of some bytes.
    public func authenticationCode(for bytes: some DataProtocol) -> DigestValue {
        var computation = begin()
        computation.update(bytes)
        return computation.finalize()
    }

    /// The MAC of a string's UTF-8 bytes.
    public func authenticationCode(for string: String) -> DigestValue {
        authenticationCode(for: Array(string.utf8))
    }

    /// Whether `code` is the MAC of `bytes`, compared in constant time.
    public func isValid(_ code: some DataProtocol, for bytes: some DataProtocol) -> Bool {
        ConstantTime.isEqual(authenticationCode(for: bytes).bytes, code)
    }

    /// Whether `code` is the MAC of the UTF-8 bytes of `string`, compared in constant time.
    public func isValid(_ code: some DataProtocol, for string: String) -> Bool {
        isValid(code, for: Array(string.utf8))
    }

    /// Throws unless `code` is the MAC of `bytes`.
    ///
    /// - Throws: ``SecurityError/Code/integrityCheckFailed``.
    public func verify(_ code: some DataProtocol, for bytes: some DataProtocol) throws {
        guard isValid(code, for: bytes) else { throw SecurityError.integrityCheckFailed }
    }

    /// Starts an incremental MAC computation for input that arrives in pieces.
    public func begin() -> Computation {
        Computation(algorithm: algorithm, state: Self.makeState(algorithm.hashFunctionType, key: key))
    }

    private static func makeState<H: HashFunction>(_: H.Type, key: SecretKey) -> any HMACState {
        HMACBox<H>(hmac: HMAC<H>(key: key.symmetricKey))
    }

    /// `"HMACAuthenticator(<algorithm>, key redacted)"`.
    public var description: String {
        "HMACAuthenticator(\(algorithm), key redacted)"
    }

    /// A mirror showing only the algorithm.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm], displayStyle: .struct)
    }

    /// An HMAC being computed over input fed in pieces.
    public struct Computation: Sendable, CustomStringConvertible, CustomReflectable {
        /// The digest under the HMAC.
        public let algorithm: DigestAlgorithm
        private var state: any HMACState

        init(algorithm: DigestAlgorithm, state: any HMACState) {
            self.algorithm = algorithm
            self.state = state
        }

        /// Feeds bytes.
        public mutating func update(_ bytes: some DataProtocol) {
            for region in bytes.regions {
                region.withUnsafeBytes { state.update($0) }
            }
        }

        /// Feeds the UTF-8 bytes of a string.
        public mutating func update(_ string: String) {
            update(Array(string.utf8))
        }

        /// The MAC of everything fed so far.
        public func finalize() -> DigestValue {
            DigestValue(algorithm: algorithm, bytes: state.finalize())
        }

        /// `"HMACAuthenticator.Computation(<algorithm>)"`.
        public var description: String {
            "HMACAuthenticator.Computation(\(algorithm))"
        }

        /// A mirror showing only the algorithm.
        public var customMirror: Mirror {
            Mirror(self, children: ["algorithm": algorithm], displayStyle: .struct)
        }
    }
}

/// Type erasure over `HMAC<H>` so one ``HMACAuthenticator`` serves every digest.
protocol HMACState: Sendable {
    mutating func update(_ buffer: UnsafeRawBufferPointer)
    func finalize() -> Data
}

private struct HMACBox<H: HashFunction>: HMACState {
    var hmac: HMAC<H>

    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        hmac.update(data: buffer)
    }

    func finalize() -> Data {
        Data(hmac.finalize())
    }
}
