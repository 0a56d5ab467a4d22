import NIOCore

/// Sends datagrams from a ``UDPSocket``.
public struct DatagramWriter: Sendable {
    let outbound: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>
    let allocator: ByteBufferAllocator
    let defaultPeer: SocketAddress?

    /// Sends `payload` to `address`, or to the socket's default peer when `address` is nil.
    ///
    /// - Throws: ``SocketError``: ``SocketError/Code/invalidConfiguration`` when no address is given and
    ///   the socket has no default peer, ``SocketError/Code/dataLengthExceedsMaximum`` for a payload over
    ///   65 507 bytes, ``SocketError/Code/notConnected`` once the socket is closed.
    public func send(_ payload: ByteBuffer, to address: SocketAddress? = nil) async throws {
        guard let target = address ?? defaultPeer else {
            throw SocketError(
                code: .invalidConfiguration,
                message: "A datagram needs an address: the socket has no default peer."
            )
        }
        guard payload.readableBytes <= 65507 else {
            throw SocketError.frameTooLarge(length: payload.readableBytes, maximum: 65507)
        }
        do {
            try await outbound.write(AddressedEnvelope(remoteAddress: target, data: payload))
        } catch {
            throw SocketError.mapping(error)
        }
    }

    /// Sends a string, encoded as UTF-8.
    ///
    /// - Throws: as ``send(_:to:)``.
    public func send(_ text: String, to address: SocketAddress? = nil) async throws {
        try await send(allocator.buffer(string: text), to: address)
    }
}
