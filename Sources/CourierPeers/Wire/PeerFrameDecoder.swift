import NIOCore

/// Turns a TCP byte stream into ``PeerFrame``s. An oversized, empty or unknown frame fires a ``PeersError`` and
/// the connection is closed by whoever handles errors: the stream cannot be resynchronised.
public struct PeerFrameDecoder: NIOSingleStepByteToMessageDecoder {
    /// Frames.
    public typealias InboundOut = PeerFrame

    /// Creates a decoder.
    public init() {}

    /// Decodes one frame if a whole one is buffered.
    ///
    /// - Throws: what ``PeerFrame/read(from:)`` throws.
    public mutating func decode(buffer: inout ByteBuffer) throws -> PeerFrame? {
        try PeerFrame.read(from: &buffer)
    }

    /// Decodes what is left at end of stream; a partial frame is dropped (the peer vanished mid-message).
    ///
    /// - Throws: what ``PeerFrame/read(from:)`` throws.
    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> PeerFrame? {
        try decode(buffer: &buffer)
    }
}
