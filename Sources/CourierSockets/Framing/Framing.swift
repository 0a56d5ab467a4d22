import NIOCore

/// How a byte stream is cut into messages, on the way in and on the way out.
///
/// Every framing has a maximum so that a peer cannot make the reader buffer without bound: a frame over
/// the maximum fails the read sequence with ``SocketError/Code/dataLengthExceedsMaximum``, and writing
/// one throws the same error before anything is sent.
///
/// ```swift
/// let configuration = TCPConfiguration(framing: .lines(maximumLength: 1024))
/// ```
public enum Framing: Sendable, Hashable {
    /// No framing: reads deliver byte chunks as the socket delivers them; writes send bytes as they are.
    case bytes
    /// Lines ended by LF or CRLF (the terminator is removed on read). Writes append `terminator`.
    ///
    /// A line longer than `maximumLength` bytes (terminator excluded) fails the read. At the end of the
    /// stream a last line without a terminator is delivered as it is.
    case lines(maximumLength: Int = 8192, terminator: LineTerminator = .lf)
    /// Each frame is preceded by its length as an unsigned integer of `width` in `byteOrder`.
    case lengthPrefixed(width: PrefixWidth = .four, byteOrder: Endianness = .big, maximumLength: Int = 1 << 20)
    /// Frames are ended by `delimiter` (removed on read, appended on write).
    case delimiter([UInt8], maximumLength: Int = 8192)
    /// Every frame is exactly `size` bytes; writes of another size are refused.
    case fixedSize(Int)

    /// The end of a line written by ``Framing/lines(maximumLength:terminator:)``.
    public enum LineTerminator: Sendable, Hashable {
        /// `\n`, as Unix tools expect.
        case lf
        /// `\r\n`, as telnet and most Internet text protocols expect.
        case crlf

        /// The bytes of the terminator.
        public var bytes: [UInt8] {
            switch self {
            case .lf: [0x0A]
            case .crlf: [0x0D, 0x0A]
            }
        }
    }

    /// The size of a length prefix.
    public enum PrefixWidth: Int, Sendable, Hashable, CaseIterable {
        /// One byte: frames up to 255 bytes.
        case one = 1
        /// Two bytes: frames up to 65 535 bytes.
        case two = 2
        /// Four bytes.
        case four = 4
        /// Eight bytes.
        case eight = 8

        /// The largest length the prefix can express, capped to `Int.max`.
        var largestLength: UInt64 {
            switch self {
            case .one: UInt64(UInt8.max)
            case .two: UInt64(UInt16.max)
            case .four: UInt64(UInt32.max)
            case .eight: UInt64(Int.max)
            }
        }
    }

    /// Checks that the framing's sizes make sense.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration``.
    public func validate() throws(SocketError) {
        func invalid(_ message: String) -> SocketError {
            SocketError(code: .invalidConfiguration, message: message)
        }
        switch self {
        case .bytes:
            return
        case .lines(let maximumLength, _):
            if maximumLength < 1 { throw invalid("The maximum line length must be at least 1 byte.") }
        case .lengthPrefixed(let width, _, let maximumLength):
            if maximumLength < 0 { throw invalid("The maximum frame length must not be negative.") }
            if UInt64(maximumLength) > width.largestLength {
                throw invalid(
                    "A \(width.rawValue)-byte length prefix cannot express the maximum of \(maximumLength) bytes."
                )
            }
        case .delimiter(let delimiter, let maximumLength):
            if delimiter.isEmpty { throw invalid("The frame delimiter must not be empty.") }
            if maximumLength < 0 { throw invalid("The maximum frame length must not be negative.") }
        case .fixedSize(let size):
            if size < 1 { throw invalid("A fixed frame size must be at least 1 byte.") }
        }
    }

    /// The largest payload one frame may carry, or nil for ``bytes``.
    var maximumPayload: Int? {
        switch self {
        case .bytes: nil
        case .lines(let maximumLength, _): maximumLength
        case .lengthPrefixed(_, _, let maximumLength): maximumLength
        case .delimiter(_, let maximumLength): maximumLength
        case .fixedSize(let size): size
        }
    }

    /// Checks that a payload of `length` bytes may be sent as one frame.
    func checkOutgoing(length: Int) throws(SocketError) {
        if case .fixedSize(let size) = self, length != size {
            throw SocketError(
                code: .dataLengthExceedsMaximum,
                message: "A frame of \(length) bytes was written where every frame is exactly \(size) bytes."
            )
        }
        if let maximum = maximumPayload, length > maximum {
            throw SocketError.frameTooLarge(length: length, maximum: maximum)
        }
    }
}
