import NIOCore

/// Puts unreliable chunks back together, per sender. A message missing a chunk 2 s after its first chunk is
/// dropped whole and counted; at most 64 partial messages are kept per sender (the oldest goes first). Time is
/// passed in, so tests drive it without sleeping.
public struct ChunkReassembler: Sendable {
    private struct Partial: Sendable {
        var count: UInt8
        var chunks: [ByteBuffer?]
        var received: Int
        var firstSeen: Duration
    }

    private struct Key: Hashable, Sendable {
        var sender: PeerID
        var number: UInt32
    }

    /// How long a partial message waits for its missing chunks.
    public let expiry: Duration
    private var partials: [Key: Partial] = [:]
    /// Messages dropped: expired, evicted, or with chunks that disagree on the count.
    public private(set) var droppedMessages = 0

    /// Creates a reassembler.
    public init(expiry: Duration = .seconds(2)) {
        self.expiry = expiry
    }

    /// Partial messages held, over all senders.
    public var partialCount: Int { partials.count }

    /// Adds a chunk; returns the whole message when this chunk completes it.
    public mutating func add(_ chunk: PeerDatagram, now: Duration) -> ByteBuffer? {
        if chunk.count == 1 { return chunk.payload }
        let key = Key(sender: chunk.sender, number: chunk.messageNumber)
        var partial =
            partials[key]
            ?? Partial(
                count: chunk.count, chunks: Array(repeating: nil, count: Int(chunk.count)), received: 0, firstSeen: now)
        guard partial.count == chunk.count else {
            partials[key] = nil
            droppedMessages += 1
            return nil
        }
        if partials[key] == nil { evictIfFull(sender: chunk.sender) }
        guard partial.chunks[Int(chunk.index)] == nil else { return nil }
        // A copy of its own: a slice would keep alive the whole buffer the socket read it into (several datagrams'
        // worth), so partial messages could hold far more memory than their chunks.
        var piece = ByteBuffer()
        piece.writeImmutableBuffer(chunk.payload)
        partial.chunks[Int(chunk.index)] = piece
        partial.received += 1
        guard partial.received == Int(partial.count) else {
            partials[key] = partial
            return nil
        }
        partials[key] = nil
        var message = ByteBuffer()
        message.reserveCapacity(partial.chunks.reduce(0) { $0 + ($1?.readableBytes ?? 0) })
        for case let piece? in partial.chunks { message.writeImmutableBuffer(piece) }
        return message
    }

    /// Drops partial messages older than ``expiry``; returns how many.
    @discardableResult
    public mutating func expire(now: Duration) -> Int {
        let stale = partials.filter { now - $0.value.firstSeen >= expiry }.map(\.key)
        for key in stale { partials[key] = nil }
        droppedMessages += stale.count
        return stale.count
    }

    /// Forgets a sender's partial messages (it disconnected).
    public mutating func forget(sender: PeerID) {
        partials = partials.filter { $0.key.sender != sender }
    }

    private mutating func evictIfFull(sender: PeerID) {
        let mine = partials.filter { $0.key.sender == sender }
        guard mine.count >= PeerLimits.maximumPartialMessages,
            let oldest = mine.min(by: { $0.value.firstSeen < $1.value.firstSeen })
        else { return }
        partials[oldest.key] = nil
        droppedMessages += 1
    }
}
