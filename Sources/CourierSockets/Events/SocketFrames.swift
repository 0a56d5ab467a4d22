import NIOCore

/// The frames (or byte chunks) received on a connection, without the other events.
///
/// The sequence ends normally when the peer closes its side, and throws a ``SocketError`` when the
/// connection fails: a reset (``SocketError/Code/networkConnectionLost``), an idle timeout
/// (``SocketError/Code/timedOut``) or a frame over the maximum
/// (``SocketError/Code/dataLengthExceedsMaximum``).
public struct SocketFrames: AsyncSequence, Sendable {
    /// One frame.
    public typealias Element = ByteBuffer

    let inbound: NIOAsyncChannelInboundStream<SocketInbound>
    let host: String?

    /// Creates the frame iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(inbound: inbound.makeAsyncIterator(), host: host)
    }

    /// Yields the frames of one connection.
    public struct Iterator: AsyncIteratorProtocol {
        private var inbound: NIOAsyncChannelInboundStream<SocketInbound>.AsyncIterator
        private let host: String?

        init(inbound: NIOAsyncChannelInboundStream<SocketInbound>.AsyncIterator, host: String?) {
            self.inbound = inbound
            self.host = host
        }

        /// The next frame, or nil when the peer closed its side.
        ///
        /// - Throws: ``SocketError`` when the connection failed.
        public mutating func next() async throws -> ByteBuffer? {
            do {
                while let element = try await inbound.next() {
                    if case .frame(let bytes) = element { return bytes }
                }
                return nil
            } catch {
                throw SocketError.mapping(error, host: host)
            }
        }
    }
}
