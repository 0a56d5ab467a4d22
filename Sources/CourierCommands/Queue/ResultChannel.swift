import Synchronization

/// One command's result, delivered once to whoever waits for it (the book's per-instance completion
/// notification: the caller receives only its own command's result).
final class ResultChannel<Output: Sendable>: Sendable {
    private struct State {
        var result: Result<Output, any Error>?
        var waiters: [CheckedContinuation<Output, any Error>] = []
    }

    private let state = Mutex(State())

    /// Delivers `result` unless one was delivered before; returns whether this one was.
    @discardableResult
    func resolve(_ result: Result<Output, any Error>) -> Bool {
        let waiters: [CheckedContinuation<Output, any Error>]? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(with: result) }
        return true
    }

    var isResolved: Bool { state.withLock { $0.result != nil } }

    var value: Output {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result: Result<Output, any Error>? = state.withLock { state in
                    if let result = state.result { return result }
                    state.waiters.append(continuation)
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}
