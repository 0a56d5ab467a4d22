import NIOCore

/// The datagrams a ``UDPSocket`` receives, as an `AsyncSequence` of ``DatagramEvent``.
///
/// Reading is back-pressured: while the sequence is not iterated the socket stops reading once
/// ``UDPConfiguration/receiveQueueLimit`` datagrams wait, and the kernel drops the rest (UDP's contract).
public struct DatagramReader: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = DatagramEvent

    let inbound: NIOAsyncChannelInboundStream<AddressedEnvelope<ByteBuffer>>
    let maximumDatagramSize: Int

    /// Creates the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(inbound: inbound.makeAsyncIterator(), maximumDatagramSize: maximumDatagramSize)
    }

    /// Yields the datagrams of one socket.
    public struct Iterator: AsyncIteratorProtocol {
        private var inbound: NIOAsyncChannelInboundStream<AddressedEnvelope<ByteBuffer>>.AsyncIterator
        private let maximumDatagramSize: Int

        init(
            inbound: NIOAsyncChannelInboundStream<AddressedEnvelope<ByteBuffer>>.AsyncIterator, maximumDatagramSize: Int
        ) {
            self.inbound = inbound
            self.maximumDatagramSize = maximumDatagramSize
        }

        /// The next event, or nil once the socket is closed.
        ///
        /// - Throws: ``SocketError`` when the socket fails.
        public mutating func next() async throws -> DatagramEvent? {
            let envelope: AddressedEnvelope<ByteBuffer>?
            do {
                envelope = try await inbound.next()
            } catch {
                throw SocketError.mapping(error)
            }
            guard let envelope else { return nil }
            // The receive buffer is one byte larger than the maximum, so a fuller one means truncation.
            if envelope.data.readableBytes > maximumDatagramSize {
                return .oversized(from: envelope.remoteAddress, maximum: maximumDatagramSize)
            }
            return .received(Datagram(payload: envelope.data, remoteAddress: envelope.remoteAddress))
        }
    }
}
