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
    private struct State {
        var isCancelled = false
        /// The handlers of the waits in progress, innermost last, by registration number.
        var handlers: [(id: Int, handler: @Sendable () -> Void)] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Whether ``cancel()`` has been called.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the scope: the waits in progress end with `CancellationError`, and so does any later one.
    func cancel() {
        let handlers: [(id: Int, handler: @Sendable () -> Void)] = state.withLock { state in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for entry in handlers.reversed() { entry.handler() }
    }

    /// Cancels `child` when this scope is cancelled (at once, if it already was), until the returned link is
    /// undone with ``unlink(_:)``.
    func link(_ child: CancellationScope) -> Int? {
        let id: Int? = state.withLock { state in
            guard !state.isCancelled else { return nil }
            defer { state.nextID += 1 }
            state.handlers.append((state.nextID, { child.cancel() }))
            return state.nextID
        }
        if id == nil { child.cancel() }
        return id
    }

    /// Undoes a ``link(_:)``.
    func unlink(_ id: Int?) {
        guard let id else { return }
        state.withLock { $0.handlers.removeAll { $0.id == id } }
    }

    /// Runs `operation`, calling `onCancel` once if the scope is cancelled while it runs (at once, if it already
    /// was), as `withTaskCancellationHandler` does for a task.
    private func withHandler<T>(
        _ onCancel: @escaping @Sendable () -> Void, operation: () async throws -> T
    ) async rethrows -> T {
        let id: Int? = state.withLock { state in
            guard !state.isCancelled else { return nil }
            defer { state.nextID += 1 }
            state.handlers.append((state.nextID, onCancel))
            return state.nextID
        }
        guard let id else {
            onCancel()
            return try await operation()
        }
        defer { state.withLock { $0.handlers.removeAll { $0.id == id } } }
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
