import NIOCore

/// One unreliable chunk: `tag[4] | u64 sender | u32 messageNumber | u8 index | u8 count | payload`.
///
/// The tag is the first 4 bytes of SHA-256(session ID), so datagrams of other sessions are dropped at once.
/// Every chunk but the last carries exactly 1 000 bytes; the last carries 1…1 000.
public struct PeerDatagram: Sendable, Hashable {
    /// Bytes before the payload.
    public static let headerSize = 18

    /// The session tag.
    public var sessionTag: UInt32
    /// The sending peer.
    public var sender: PeerID
    /// The sender's message counter; also the nonce of a sealed message.
    public var messageNumber: UInt32
    /// This chunk's position.
    public var index: UInt8
    /// How many chunks the message has.
    public var count: UInt8
    /// This chunk's share of the (possibly sealed) message.
    public var payload: ByteBuffer

    /// Creates a chunk.
    public init(
        sessionTag: UInt32, sender: PeerID, messageNumber: UInt32, index: UInt8, count: UInt8, payload: ByteBuffer
    ) {
        self.sessionTag = sessionTag
        self.sender = sender
        self.messageNumber = messageNumber
        self.index = index
        self.count = count
        self.payload = payload
    }

    /// Splits a (sealed) message into chunks of ``PeerLimits/chunkSize``.
    ///
    /// - Throws: ``PeersError`` `messageTooLarge` when it needs more than ``PeerLimits/maximumChunks`` chunks.
    public static func chunks(
        of message: ByteBuffer, sessionTag: UInt32, sender: PeerID, messageNumber: UInt32
    ) throws(PeersError) -> [PeerDatagram] {
        let total = max(1, (message.readableBytes + PeerLimits.chunkSize - 1) / PeerLimits.chunkSize)
        guard total <= PeerLimits.maximumChunks else {
            throw PeersError(.messageTooLarge, "message of \(message.readableBytes) bytes needs \(total) chunks")
        }
        var rest = message
        return (0..<total).map { index in
            let slice = rest.readSlice(length: min(PeerLimits.chunkSize, rest.readableBytes)) ?? ByteBuffer()
            return PeerDatagram(
                sessionTag: sessionTag, sender: sender, messageNumber: messageNumber, index: UInt8(index),
                count: UInt8(total), payload: slice)
        }
    }

    /// Appends the chunk's bytes to `buffer`.
    public func write(to buffer: inout ByteBuffer) {
        writeHeader(to: &buffer)
        buffer.writeImmutableBuffer(payload)
    }

    /// Appends the chunk's ``headerSize`` header bytes, without the payload, to `buffer`.
    func writeHeader(to buffer: inout ByteBuffer) {
        buffer.writeMultipleIntegers(sessionTag, sender.rawValue, messageNumber, index, count)
    }

    /// The header bytes that sealing authenticates (the sender and message number bind the seal to this message).
    public var authenticatedHeader: [UInt8] {
        Self.withAuthenticatedHeader(sessionTag: sessionTag, sender: sender, messageNumber: messageNumber) { Array($0) }
    }

    /// Calls `body` with the bytes sealing authenticates (`tag | u64 sender | u32 messageNumber`, big-endian), built
    /// on the stack.
    static func withAuthenticatedHeader<Result, Failure: Error>(
        sessionTag: UInt32, sender: PeerID, messageNumber: UInt32,
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Four 32-bit words: no padding, unlike a tuple holding the 64-bit sender.
        let words = (
            sessionTag.bigEndian, UInt32(truncatingIfNeeded: sender.rawValue >> 32).bigEndian,
            UInt32(truncatingIfNeeded: sender.rawValue).bigEndian, messageNumber.bigEndian
        )
        return try withUnsafeBytes(of: words, body)
    }

    /// Parses and checks one datagram.
    ///
    /// - Throws: ``PeersError`` `sessionMismatch` for a foreign tag, `malformed` for a short datagram, count 0 or
    ///   over 90, index ≥ count, an empty or oversized payload, or a non-final chunk that is not exactly 1 000
    ///   bytes.
    public init(decoding datagram: ByteBuffer, expectedTag: UInt32) throws(PeersError) {
        var buffer = datagram
        guard let tag = buffer.readInteger(as: UInt32.self), let sender = buffer.readInteger(as: UInt64.self),
            let number = buffer.readInteger(as: UInt32.self), let index = buffer.readInteger(as: UInt8.self),
            let count = buffer.readInteger(as: UInt8.self)
        else { throw PeersError(.malformed, "datagram of \(datagram.readableBytes) bytes is shorter than its header") }
        guard tag == expectedTag else { throw PeersError(.sessionMismatch, "datagram carries a foreign session tag") }
        guard count >= 1, Int(count) <= PeerLimits.maximumChunks else {
            throw PeersError(.malformed, "chunk count \(count) is outside 1…\(PeerLimits.maximumChunks)")
        }
        guard index < count else { throw PeersError(.malformed, "chunk index \(index) is not below count \(count)") }
        let size = buffer.readableBytes
        guard size >= 1, size <= PeerLimits.chunkSize else {
            throw PeersError(.malformed, "chunk payload of \(size) bytes is outside 1…\(PeerLimits.chunkSize)")
        }
        guard index == count - 1 || size == PeerLimits.chunkSize else {
            throw PeersError(.malformed, "non-final chunk has \(size) bytes; it must have \(PeerLimits.chunkSize)")
        }
        self.init(
            sessionTag: tag, sender: PeerID(rawValue: sender), messageNumber: number, index: index, count: count,
            payload: buffer)
    }
}
