import Synchronization

/// Cancellation narrower than a task: one network exchange, up to its response head.
///
/// The retry stage lets an idle timeout fail just the exchange in flight, so the policy can try again in the same
/// task. Swift cannot cancel part of a task, so that used to take a task of its own per exchange, and with it a
/// hand-off between threads for every request. The pool's waits (for a connection, for the response head) honour
/// this scope as well as their task's cancellation instead; the rare paths that cannot (opening a connection) run
/// in a task of their own that the scope cancels (``run(_:)``).
final class ExchangeCancellation: Sendable {
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

    /// Cancels the exchange: the waits in progress end with `CancellationError`, and so does any later one.
    func cancel() {
        let handlers: [(id: Int, handler: @Sendable () -> Void)] = state.withLock { state in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for entry in handlers.reversed() { entry.handler() }
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

    /// `withTaskCancellationHandler` that also answers the exchange's scope, when there is one.
    static func withCancellationHandler<T>(
        _ scope: ExchangeCancellation?, operation: () async throws -> T, onCancel: @escaping @Sendable () -> Void
    ) async rethrows -> T {
        guard let scope else { return try await withTaskCancellationHandler(operation: operation, onCancel: onCancel) }
        return try await withTaskCancellationHandler {
            try await scope.withHandler(onCancel, operation: operation)
        } onCancel: {
            onCancel()
        }
    }

    /// Runs `operation` in a task of its own that the scope cancels, for work whose waits do not know the scope
    /// (connecting: DNS, TCP, proxy and TLS handshakes). Started on this thread, as far as its first suspension.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task.immediate(operation: operation)
        return try await Self.withCancellationHandler(self) {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
