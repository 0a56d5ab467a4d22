import NIOCore

/// Where a connected peer's unreliable messages go: its UDP address, through the session's datagram socket, sealed
/// with the connection's keys when it is encrypted. Held by the link's granted ``PeerDirectRoute``, so
/// ``PeerSession/send(_:to:mode:)`` sends without a hop to the session.
struct PeerDatagramOutlet: Sendable {
    /// The peer's UDP address.
    var address: SocketAddress
    /// The session's datagram socket.
    var writer: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>
    /// The bound on datagrams handed to the socket and not yet taken by its event loop.
    var credit: PeerSendCredit
    /// The connection's cipher (only its send key is used here), or `nil` when it is not encrypted.
    var cipher: PeerCipher?
    /// The session's tag.
    var sessionTag: UInt32
    /// This session's peer ID.
    var sender: PeerID

    /// The datagrams of message `number`: one buffer, header then (sealed) payload, when it fits in one chunk;
    /// otherwise the sealed message split into chunks.
    ///
    /// - Throws: ``PeersError`` `messageTooLarge` when it needs more than ``PeerLimits/maximumChunks`` chunks,
    ///   `invalidArgument` for an empty message on a connection that is not encrypted, or `authenticationFailed` if
    ///   sealing fails.
    func datagrams(of data: some Collection<UInt8>, number: UInt32) throws(PeersError)
        -> [AddressedEnvelope<ByteBuffer>]
    {
        let contiguous = data.withContiguousStorageIfAvailable { bytes in
            Result { () throws(PeersError) in try datagrams(of: UnsafeRawBufferPointer(bytes), number: number) }
        }
        if let contiguous { return try contiguous.get() }
        let copied = Array(data).withUnsafeBytes { bytes in
            Result { () throws(PeersError) in try datagrams(of: bytes, number: number) }
        }
        return try copied.get()
    }

    private func datagrams(of body: UnsafeRawBufferPointer, number: UInt32) throws(PeersError)
        -> [AddressedEnvelope<ByteBuffer>]
    {
        let sealedSize = body.count + (cipher == nil ? 0 : PeerLimits.sealOverhead)
        guard sealedSize > 0 else {
            // A chunk carries 1…1 000 bytes: the peer would drop an empty one as malformed.
            throw PeersError(.invalidArgument, "an empty message cannot be sent unreliably without encryption")
        }
        var message = ByteBuffer()
        if sealedSize <= PeerLimits.chunkSize {
            // One chunk: the header, then the payload sealed (or copied) straight after it.
            message.reserveCapacity(PeerDatagram.headerSize + sealedSize)
            PeerDatagram(
                sessionTag: sessionTag, sender: sender, messageNumber: number, index: 0, count: 1, payload: ByteBuffer()
            ).writeHeader(to: &message)
            try seal(body, number: number, appendingTo: &message)
            return [AddressedEnvelope(remoteAddress: address, data: message)]
        }
        try seal(body, number: number, appendingTo: &message)
        let chunks = try PeerDatagram.chunks(of: message, sessionTag: sessionTag, sender: sender, messageNumber: number)
        return chunks.map { chunk in
            var bytes = ByteBuffer()
            chunk.write(to: &bytes)
            return AddressedEnvelope(remoteAddress: address, data: bytes)
        }
    }

    /// Appends the message to `out`, sealed when the connection is encrypted.
    private func seal(_ body: UnsafeRawBufferPointer, number: UInt32, appendingTo out: inout ByteBuffer)
        throws(PeersError)
    {
        guard let cipher else {
            out.writeBytes(body)
            return
        }
        try PeerDatagram.withAuthenticatedHeader(sessionTag: sessionTag, sender: sender, messageNumber: number) {
            header throws(PeersError) in
            try cipher.sealDatagram(body, messageNumber: number, header: header, appendingTo: &out)
        }
    }
}
