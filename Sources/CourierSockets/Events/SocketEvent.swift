import NIOCore

/// What happened on a connection, in the vocabulary of `NSStream`/`CFStream` events.
///
/// A ``SocketReader`` yields these in order: ``openCompleted`` first, then ``hasBytesAvailable(_:)`` for
/// each chunk or frame and ``hasSpaceAvailable`` whenever the connection can take writes again, and last
/// either ``endEncountered`` or ``errorOccurred(_:)``.
///
/// | NSStreamEvent | SocketEvent |
/// |---|---|
/// | `openCompleted` | ``openCompleted`` |
/// | `hasBytesAvailable` | ``hasBytesAvailable(_:)``, carrying the bytes (no separate `read(_:maxLength:)`) |
/// | `hasSpaceAvailable` | ``hasSpaceAvailable`` (the write buffer fell below its low watermark) |
/// | `errorOccurred` | ``errorOccurred(_:)``, carrying the error (no separate `streamError`) |
/// | `endEncountered` | ``endEncountered`` |
public enum SocketEvent: Sendable {
    /// The connection is open (and its TLS handshake done, if any).
    case openCompleted
    /// A chunk of bytes (``Framing/bytes``) or one frame arrived.
    case hasBytesAvailable(ByteBuffer)
    /// Writes will be accepted without waiting.
    case hasSpaceAvailable
    /// The connection failed; no more events follow.
    case errorOccurred(SocketError)
    /// The peer closed its side; no more events follow.
    case endEncountered
}
