import NIOCore

/// One datagram and the address it came from or goes to.
public struct Datagram: Sendable {
    /// The payload.
    public var payload: ByteBuffer
    /// The peer's address.
    public var remoteAddress: SocketAddress

    /// Creates a datagram.
    public init(payload: ByteBuffer, remoteAddress: SocketAddress) {
        self.payload = payload
        self.remoteAddress = remoteAddress
    }
}
