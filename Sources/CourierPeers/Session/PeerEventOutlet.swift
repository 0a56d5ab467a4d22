/// One way out for a session's events (``PeerSession/events`` or the delegate), which keeps events for its consumer
/// once the consumer has appeared and, until then, at most ``unclaimedEvents`` of them holding at most
/// ``unclaimedBytes`` of message data. A session whose caller uses only one of the two ways therefore never fills
/// memory through the other: before, every message received stayed queued for a delegate that was never set.
struct PeerEventOutlet {
    /// Events kept for a consumer that has not appeared yet.
    static let unclaimedEvents = 256
    /// Message bytes kept for a consumer that has not appeared yet (the default send buffer limit).
    static let unclaimedBytes = 1 << 20

    private let sink: AsyncStream<PeerEvent>.Continuation
    private var claimed = false
    private var keptEvents = 0
    private var keptBytes = 0
    /// Events dropped because no consumer had appeared and the bound was reached.
    private(set) var dropped = 0

    init(_ sink: AsyncStream<PeerEvent>.Continuation) {
        self.sink = sink
    }

    /// From now on every event is kept for the consumer.
    mutating func claim() {
        claimed = true
    }

    /// Queues the event for the consumer, or drops it when nobody has claimed the outlet and the bound is reached.
    ///
    /// - Returns: `false` when the event was dropped.
    @discardableResult
    mutating func yield(_ event: PeerEvent) -> Bool {
        if !claimed {
            let bytes = if case .data(let data, _, _) = event { data.count } else { 0 }
            guard keptEvents < Self.unclaimedEvents, keptBytes + bytes <= Self.unclaimedBytes else {
                dropped += 1
                return false
            }
            keptEvents += 1
            keptBytes += bytes
        }
        sink.yield(event)
        return true
    }

    /// Ends the stream.
    func finish() {
        sink.finish()
    }
}
