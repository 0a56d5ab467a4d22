/// An error thrown by CourierSecurity's digests, MACs, ciphers, encoders and sealed messages.
///
/// Every failure carries a ``Code`` that a caller can switch on and a message a person can act on.
/// Messages never contain key material or plaintext.
///
/// ```swift
/// do {
///     let plaintext = try cipher.decrypt(ciphertext, iv: iv)
/// } catch let error as SecurityError where error.code == .decodeError {
///     // usually the wrong key
/// }
/// ```
public struct SecurityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, named after CommonCrypto's status codes where one exists.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// An output buffer supplied by the caller cannot hold the result (`kCCBufferTooSmall`).
        case bufferTooSmall
        /// The input is not a whole number of cipher blocks (`kCCAlignmentError`).
        case alignmentError
        /// Decryption produced invalid padding; usually the wrong key or IV (`kCCDecodeError`).
        case decodeError
        /// A key does not have the length the algorithm requires; keys are never padded.
        case invalidKeyLength
        /// An initialization vector or nonce does not have the length the algorithm requires.
        case invalidIVLength
        /// Key material (PEM, DER, raw point) could not be parsed.
        case invalidKeyData
        /// Text is not valid base64, base64url, hex or ASCII.
        case invalidEncoding
        /// The input is shorter than the smallest valid message for the algorithm.
        case truncatedInput
        /// A MAC, an authentication tag or a sealed message did not verify.
        case integrityCheckFailed
        /// The algorithm is retired and refused; the message names the replacement.
        case unsupportedAlgorithm
        /// A parameter is outside the range the operation accepts (rounds, lengths, field names).
        case invalidParameter
        /// Reading a file or stream failed.
        case ioFailure
    }

    /// What went wrong.
    public let code: Code
    /// A sentence that says what failed and what to do about it.
    public let message: String

    /// Creates an error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `"<code>: <message>"`.
    public var description: String {
        "\(code.rawValue): \(message)"
    }
}

extension SecurityError {
    static func invalidKeyLength(_ algorithm: String, expected: String, actual: Int) -> SecurityError {
        SecurityError(
            .invalidKeyLength,
            "\(algorithm) needs a key of \(expected) bytes but got \(actual); keys are never padded or truncated"
        )
    }

    static func invalidIVLength(_ algorithm: String, expected: Int, actual: Int) -> SecurityError {
        SecurityError(.invalidIVLength, "\(algorithm) needs an IV of \(expected) bytes but got \(actual)")
    }

    static let integrityCheckFailed = SecurityError(
        .integrityCheckFailed,
        "the message failed its integrity check (wrong key, tampered or malformed data)"
    )

    /// Runs `body`, which reads a key from the caller's text or bytes: any error it throws becomes
    /// ``Code/invalidKeyData`` with `message`, which names the key expected (swift-crypto's error says
    /// nothing more a caller could act on).
    static func invalidKeyData<Value>(
        _ message: @autoclosure () -> String, whenFailing body: () throws -> Value
    ) throws(SecurityError) -> Value {
        do {
            return try body()
        } catch {
            throw SecurityError(.invalidKeyData, message())
        }
    }

    /// Runs `body`, a swift-crypto operation on inputs already checked (signing, encrypting, deriving): any
    /// error it throws becomes ``Code/invalidParameter``, `"<operation> failed: <error>"`.
    static func invalidParameter<Value>(
        _ operation: String, whenFailing body: () throws -> Value
    ) throws(SecurityError) -> Value {
        do {
            return try body()
        } catch {
            throw SecurityError(.invalidParameter, "\(operation) failed: \(error)")
        }
    }
}
