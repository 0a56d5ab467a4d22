import Synchronization

/// Counts the bytes written since the writer last waited for the event loop (see `SocketWriter`).
final class WriteBudget: Sendable {
    private let limit: Int
    private let spent = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds `length` bytes; true (and the count starts again) when the limit is reached.
    func spend(_ length: Int) -> Bool {
        let total = spent.add(length, ordering: .relaxed).newValue
        guard total >= limit else { return false }
        spent.store(0, ordering: .relaxed)
        return true
    }
}
