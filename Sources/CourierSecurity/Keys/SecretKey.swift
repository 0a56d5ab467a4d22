import Crypto
import Foundation

/// Symmetric key material whose bytes never appear in descriptions, debug output, `dump` or logs.
///
/// A `SecretKey` only checks that it is not empty; each algorithm checks the length it needs when the
/// key is used (AES wants exactly 16, 24 or 32 bytes) and throws
/// ``SecurityError/Code/invalidKeyLength`` otherwise. Keys are never padded, truncated or stretched
/// behind the caller's back.
///
/// ```swift
/// let key = try SecretKey(ascii: "065a62448fb75fce3764dcbe68f9908d")   // the book's configured string
/// let fresh = SecretKey.random(byteCount: 32)
/// print(key)   // SecretKey(32 bytes, redacted)
/// ```
public struct SecretKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, RedactedDescription
{
    /// The key as swift-crypto's type, for calling swift-crypto directly.
    public let symmetricKey: SymmetricKey

    /// Wraps a swift-crypto key.
    public init(_ symmetricKey: SymmetricKey) {
        self.symmetricKey = symmetricKey
    }

    /// Copies raw key bytes.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` when `bytes` is empty.
    public init(bytes: some DataProtocol) throws {
        guard !bytes.isEmpty else {
            throw SecurityError(.invalidKeyLength, "a key cannot be empty")
        }
        self.symmetricKey = SymmetricKey(data: Data(bytes))
    }

    /// Uses the ASCII bytes of a configured string as the key, as the book's Mobile Banking app does
    /// with its AES and HMAC keys.
    ///
    /// - Throws: ``SecurityError/Code/invalidEncoding`` if the string has non-ASCII characters,
    ///   ``SecurityError/Code/invalidKeyLength`` if it is empty.
    public init(ascii string: String) throws {
        guard string.utf8.allSatisfy({ $0 < 0x80 }) else {
            throw SecurityError(.invalidEncoding, "a key string must be ASCII")
        }
        try self.init(bytes: Array(string.utf8))
    }

    /// Decodes a key written as hex.
    ///
    /// - Throws: ``SecurityError/Code/invalidEncoding`` or ``SecurityError/Code/invalidKeyLength``.
    public init(hex: String) throws {
        try self.init(bytes: Hex.decode(hex))
    }

    /// Decodes a key written as base64.
    ///
    /// - Throws: ``SecurityError/Code/invalidEncoding`` or ``SecurityError/Code/invalidKeyLength``.
    public init(base64: String) throws {
        try self.init(bytes: Base64.decode(base64))
    }

    /// A new key from the system's cryptographically secure random generator.
    ///
    /// - Parameter byteCount: The key length; 32 (256 bits) by default. Values below 1 give 1 byte.
    public static func random(byteCount: Int = 32) -> SecretKey {
        SecretKey(SymmetricKey(data: SecureRandom.bytes(count: max(1, byteCount))))
    }

    /// The key length in bytes.
    public var byteCount: Int {
        symmetricKey.bitCount / 8
    }

    /// The key length in bits.
    public var bitCount: Int {
        symmetricKey.bitCount
    }

    /// Calls `body` with the key bytes. Do not let them escape into logs or long-lived buffers.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try symmetricKey.withUnsafeBytes(body)
    }

    /// `"SecretKey(<n> bytes, redacted)"`.
    public var description: String {
        "SecretKey(\(byteCount) bytes, redacted)"
    }

    /// A mirror that shows only the length, so `dump` cannot print the bytes.
    public var customMirror: Mirror {
        Mirror(self, children: ["byteCount": byteCount], displayStyle: .struct)
    }

    /// Constant-time equality of the key bytes.
    public static func == (lhs: SecretKey, rhs: SecretKey) -> Bool {
        lhs.symmetricKey == rhs.symmetricKey
    }

    /// Throws unless the key is one of `allowed` byte counts.
    func require(byteCounts allowed: [Int], for algorithm: String) throws {
        guard allowed.contains(byteCount) else {
            let expected = allowed.map(String.init).joined(separator: ", ")
            throw SecurityError.invalidKeyLength(algorithm, expected: expected, actual: byteCount)
        }
    }
}
