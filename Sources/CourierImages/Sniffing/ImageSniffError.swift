/// Why ``ImageSniffer`` could not describe an image whose signature it recognised.
public struct ImageSniffError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Reason: Sendable, Hashable {
        /// The input ends before the headers that carry the size.
        case truncated
        /// A header is present but contradicts the format (a bad length, a missing chunk, a zero size).
        case malformed
        /// The headers are walked past the sniffer's budget (segments, chunks, boxes or bytes) without
        /// finding the size: refused rather than read to the end.
        case limitExceeded
    }

    /// The format the signature announced.
    public var format: ImageFormat
    /// The kind of failure.
    public var reason: Reason
    /// A sentence naming what was wrong and where.
    public var message: String

    /// Creates an error.
    public init(format: ImageFormat, reason: Reason, message: String) {
        self.format = format
        self.reason = reason
        self.message = message
    }

    /// `"<format>: <message>"`.
    public var description: String { "\(format): \(message)" }
}
