import NIOCore

/// What a ``UDPSocket`` received: a datagram, or the news that one was too large and was dropped.
public enum DatagramEvent: Sendable {
    /// A datagram within ``UDPConfiguration/maximumDatagramSize``.
    case received(Datagram)
    /// A datagram larger than `maximum` bytes arrived from `from`; it was dropped (not truncated silently).
    case oversized(from: SocketAddress, maximum: Int)
}
