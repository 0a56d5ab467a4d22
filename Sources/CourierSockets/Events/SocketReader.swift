import NIOCore

/// The read side of a connection: an `AsyncSequence` of ``SocketEvent`` values, or of frames through
/// ``frames``.
///
/// A reader can be iterated once, either as events or as frames. Reading is back-pressured: while the
/// sequence is not iterated, the connection stops reading from the socket once a few frames are queued,
/// so a slow consumer never makes memory grow.
public struct SocketReader: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = SocketEvent

    let inbound: NIOAsyncChannelInboundStream<SocketInbound>
    let startsWritable: Bool
    let host: String?

    /// The frames (or byte chunks) alone; an error ends the sequence by throwing a ``SocketError``.
    public var frames: SocketFrames {
        SocketFrames(inbound: inbound, host: host)
    }

    /// Creates the event iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(inbound: inbound.makeAsyncIterator(), startsWritable: startsWritable, host: host)
    }

    /// Yields the events of one connection.
    public struct Iterator: AsyncIteratorProtocol {
        private enum Phase {
            case opening
            case announcingSpace
            case reading
            case finished
        }

        private var inbound: NIOAsyncChannelInboundStream<SocketInbound>.AsyncIterator
        private var phase = Phase.opening
        private let startsWritable: Bool
        private let host: String?

        init(inbound: NIOAsyncChannelInboundStream<SocketInbound>.AsyncIterator, startsWritable: Bool, host: String?) {
            self.inbound = inbound
            self.startsWritable = startsWritable
            self.host = host
        }

        /// The next event, or nil after ``SocketEvent/endEncountered`` or ``SocketEvent/errorOccurred(_:)``.
        public mutating func next() async -> SocketEvent? {
            switch phase {
            case .opening:
                phase = startsWritable ? .announcingSpace : .reading
                return .openCompleted
            case .announcingSpace:
                phase = .reading
                return .hasSpaceAvailable
            case .finished:
                return nil
            case .reading:
                do {
                    switch try await inbound.next() {
                    case .frame(let bytes):
                        return .hasBytesAvailable(bytes)
                    case .writable:
                        return .hasSpaceAvailable
                    case nil:
                        phase = .finished
                        return .endEncountered
                    }
                } catch {
                    phase = .finished
                    return .errorOccurred(SocketError.mapping(error, host: host))
                }
            }
        }
    }
}
