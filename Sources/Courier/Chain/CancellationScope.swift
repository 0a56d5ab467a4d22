import Synchronization

/// Cancellation narrower than a Swift task: a task's run when it runs in its caller's task, or one network
/// exchange up to its response head.
///
/// Swift cannot cancel part of a task, nor cancel a task from outside without leaving it cancelled for good. Two
/// things need exactly that:
/// - the retry stage lets an idle timeout fail just the exchange in flight, so the policy can try again in the same
///   task;
/// - `data(for:)` runs its task in the caller's own task (no task of its own, so no hand-off between threads per
///   request), yet the task's watchdog, ``SessionTask/cancel()`` and session invalidation must still stop it, and
///   leave the caller's task as it was.
///
/// The waits that can last (for a connection, for one being opened, for the response head, for body bytes) honour a
/// scope as well as their task's cancellation; the rare paths that cannot (a protocol handler, a retry's pause) run in
/// a task of their own that the scope cancels (``run(_:)``). A scope can be linked under another (``link(_:)``): an
/// exchange's scope under its task's.
final class CancellationScope: Sendable {
    private typealias Entry = (id: Int, handler: @Sendable () -> Void)

    private struct State {
        var isCancelled = false
        /// The handlers of the waits in progress, by registration number: the first one inline (a request's
        /// scope has one or two at a time, and an array would cost an allocation per scope), the rest after it,
        /// innermost last.
        var first: Entry?
        var more: [Entry] = []
        var nextID = 0

        mutating func add(_ handler: @escaping @Sendable () -> Void) -> Int? {
            guard !isCancelled else { return nil }
            defer { nextID += 1 }
            if first == nil {
                first = (nextID, handler)
            } else {
                more.append((nextID, handler))
            }
            return nextID
        }

        mutating func remove(_ id: Int) {
            if first?.id == id {
                first = more.isEmpty ? nil : more.removeFirst()
            } else {
                more.removeAll { $0.id == id }
            }
        }

        /// Marks the scope cancelled and hands over its handlers, innermost first (none if it already was).
        mutating func takeForCancel() -> [Entry] {
            guard !isCancelled else { return [] }
            isCancelled = true
            guard let first else { return [] }
            let taken = [first] + more
            self.first = nil
            more = []
            return taken.reversed()
        }
    }

    private let state = Mutex(State())

    init() {}

    /// Whether ``cancel()`` has been called.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the scope: the waits in progress end with `CancellationError`, and so does any later one.
    func cancel() {
        let handlers = state.withLock { $0.takeForCancel() }
        for entry in handlers { entry.handler() }
    }

    /// Cancels `child` when this scope is cancelled (at once, if it already was), until the returned link is
    /// undone with ``unlink(_:)``.
    func link(_ child: CancellationScope) -> Int? {
        let id = state.withLock { $0.add({ child.cancel() }) }
        if id == nil { child.cancel() }
        return id
    }

    /// Undoes a ``link(_:)``.
    func unlink(_ id: Int?) {
        guard let id else { return }
        state.withLock { $0.remove(id) }
    }

    /// Runs `operation`, calling `onCancel` once if the scope is cancelled while it runs (at once, if it already
    /// was), as `withTaskCancellationHandler` does for a task.
    private func withHandler<T>(
        _ onCancel: @escaping @Sendable () -> Void, operation: () async throws -> T
    ) async rethrows -> T {
        let id = state.withLock { $0.add(onCancel) }
        guard let id else {
            onCancel()
            return try await operation()
        }
        defer { state.withLock { $0.remove(id) } }
        return try await operation()
    }

    /// `withTaskCancellationHandler` that also answers a scope, when there is one.
    static func withCancellationHandler<T>(
        _ scope: CancellationScope?, operation: () async throws -> T, onCancel: @escaping @Sendable () -> Void
    ) async rethrows -> T {
        guard let scope else { return try await withTaskCancellationHandler(operation: operation, onCancel: onCancel) }
        return try await withTaskCancellationHandler {
            try await scope.withHandler(onCancel, operation: operation)
        } onCancel: {
            onCancel()
        }
    }

    /// Runs `operation` in a task of its own that the scope cancels, for work whose waits do not know the scope
    /// (a protocol handler, a pause). Started on this thread, as far as its first suspension.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task.immediate(operation: operation)
        return try await Self.withCancellationHandler(self) {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
