/// The mutable state of a ``ResourceLoader``, kept under its lock: the fetches in flight by cache key, the
/// queues of fetches waiting for a request slot and the failed-URL list.
struct LoaderState {
    /// One shared fetch and the callers waiting for it.
    struct Fetch {
        var id: UInt64
        var waiters: [UInt64: CheckedContinuation<LoadedResource, any Error>] = [:]
        var isLowPriority: Bool
        var isHeldByPrefetch: Bool
        var task: Task<Void, Never>?
    }

    /// A fetch waiting for a request slot.
    struct SlotWaiter {
        var fetchID: UInt64
        var key: String
        var continuation: CheckedContinuation<Void, any Error>
    }

    var fetches: [String: Fetch] = [:]
    var failed: FailedURLList
    var runningRequests = 0
    private var normalQueue: [SlotWaiter] = []
    private var lowQueue: [SlotWaiter] = []
    private var nextID: UInt64 = 0

    init(failed: FailedURLList) {
        self.failed = failed
    }

    mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    mutating func removeFetch(_ key: String) {
        fetches[key] = nil
    }

    mutating func enqueue(
        _ fetchID: UInt64, key: String, isLowPriority: Bool, continuation: CheckedContinuation<Void, any Error>
    ) {
        let waiter = SlotWaiter(fetchID: fetchID, key: key, continuation: continuation)
        if isLowPriority { lowQueue.append(waiter) } else { normalQueue.append(waiter) }
    }

    /// Removes a waiting fetch from the queues, returning its continuation.
    mutating func dequeue(_ fetchID: UInt64) -> CheckedContinuation<Void, any Error>? {
        if let index = normalQueue.firstIndex(where: { $0.fetchID == fetchID }) {
            return normalQueue.remove(at: index).continuation
        }
        if let index = lowQueue.firstIndex(where: { $0.fetchID == fetchID }) {
            return lowQueue.remove(at: index).continuation
        }
        return nil
    }

    /// The next fetch to get a slot: normal ones first, in order, then low-priority ones.
    mutating func popNextWaiter() -> CheckedContinuation<Void, any Error>? {
        if !normalQueue.isEmpty { return normalQueue.removeFirst().continuation }
        if !lowQueue.isEmpty { return lowQueue.removeFirst().continuation }
        return nil
    }

    /// Makes the fetch of `key` a normal one, moving it to the normal queue if it waits for a slot.
    mutating func raisePriority(_ key: String) {
        guard let fetch = fetches[key], fetch.isLowPriority else { return }
        fetches[key]?.isLowPriority = false
        if let index = lowQueue.firstIndex(where: { $0.fetchID == fetch.id }) {
            normalQueue.append(lowQueue.remove(at: index))
        }
    }
}
