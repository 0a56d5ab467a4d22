import NIOCore

/// What the pipeline hands to the async side: a frame, or the news that writes may go on.
enum SocketInbound: Sendable {
    case frame(ByteBuffer)
    case writable
}
