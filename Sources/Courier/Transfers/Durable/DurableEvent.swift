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
    public typealias Element = DurableEvent
    public typealias Failure = Never

    struct Delivery: Sendable {
        var event: DurableEvent
        /// The record to remove once the event was handed out.
        var acknowledges: String?
    }

    let stream: AsyncStream<Delivery>
    let store: DurableStore?

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), store: store)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Delivery>.Iterator
        let store: DurableStore?

        public mutating func next() async -> DurableEvent? {
            guard let delivery = await base.next() else { return nil }
            if let id = delivery.acknowledges { store?.remove(id) }
            return delivery.event
        }
    }
}
