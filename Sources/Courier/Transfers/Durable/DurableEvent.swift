import Foundation

/// What a durable session reports about the transfers it found on disk when it attached
/// (``Session/durableEvents``): the backlog a process left behind when it ended.
public enum DurableEvent: Sendable {
    /// An unfinished transfer was started again, continuing from its partial file (`Range`/`If-Range`).
    /// Await ``SessionTask/value`` or watch the session's delegate; its end is reported again as
    /// ``transferCompleted(_:)``.
    case transferResumed(SessionTask)
    /// A transfer found on disk ended: one that finished before the earlier process could report it, or
    /// one resumed by this session.
    case transferCompleted(DurableTransferReport)
    /// Every transfer found when the session attached has been reported (URLSession's
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`). Sent exactly once, also when there was
    /// nothing to report; ``SessionDelegate/sessionDidFinishEvents(forDurableSession:)`` is called then too.
    case didFinishEvents
}

/// How a transfer of a durable session ended.
public struct DurableTransferReport: Sendable {
    /// The transfer's record name, the same as ``SessionTask/durableTransferID`` of the task that made it.
    public var id: String
    /// ``SessionTask/Kind-swift.enum/download`` or ``SessionTask/Kind-swift.enum/upload``.
    public var kind: SessionTask.Kind
    /// The request's URL.
    public var url: URL
    /// Where a download's file is.
    public var destination: URL?
    /// The final status, when the server answered.
    public var statusCode: Int?
    /// Why it failed; `nil` on success.
    public var error: CourierError?
}

/// The events of a durable session's backlog (``Session/durableEvents``). It has one consumer: iterate it
/// from one place. A finished transfer found on disk is forgotten once this sequence has handed its
/// ``DurableEvent/transferCompleted(_:)`` to you; until then every session that attaches reports it again.
public struct DurableEvents: AsyncSequence, Sendable {
    /// Each element is one ``DurableEvent``.
    public typealias Element = DurableEvent
    /// Iteration never throws; the sequence ends when the session is invalidated.
    public typealias Failure = Never

    struct Delivery: Sendable {
        var event: DurableEvent
        /// The record to remove once the event was handed out.
        var acknowledges: String?
    }

    let stream: AsyncStream<Delivery>
    let store: DurableStore?

    /// Returns the iterator; make only one (the sequence has a single consumer).
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), store: store)
    }

    /// Hands out the backlog's events in order.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Delivery>.Iterator
        let store: DurableStore?

        /// Returns the next event, or `nil` once the session is invalidated. Handing out a completed transfer
        /// removes its record from disk, so no later session reports it again.
        public mutating func next() async -> DurableEvent? {
            guard let delivery = await base.next() else { return nil }
            if let id = delivery.acknowledges { store?.remove(id) }
            return delivery.event
        }
    }
}
