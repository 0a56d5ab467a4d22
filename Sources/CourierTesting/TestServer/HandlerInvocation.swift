import Synchronization

/// Runs a request handler in its own task, so that a handler which ignores cancellation cannot keep a
/// connection, and with it ``TestServer/shutdown()``, waiting: when the calling task is cancelled the call
/// returns at once with `CancellationError`, the handler's task is cancelled and its result dropped.
enum HandlerInvocation {
    static func run(
        _ handler: @escaping TestServer.Handler,
        with request: TestServer.Request,
        on executor: DedicatedThreadExecutor
    ) async throws -> TestServer.Response {
        let outcome = Outcome()
        let task = Task(executorPreference: executor) {
            do {
                outcome.finish(.success(try await handler(request)))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(with: continuation)
            }
        } onCancel: {
            task.cancel()
            outcome.abandon()
        }
    }

    /// Hands the handler's result to the waiting caller exactly once, whichever of result, wait and
    /// abandonment comes first.
    private final class Outcome: Sendable {
        private enum State {
            case running
            case finished(Result<TestServer.Response, any Error>)
            case waiting(CheckedContinuation<TestServer.Response, any Error>)
            case delivered
        }

        private let state = Mutex(State.running)

        func finish(_ result: Result<TestServer.Response, any Error>) {
            let waiting: CheckedContinuation<TestServer.Response, any Error>? = self.state.withLock { state in
                switch state {
                case .running:
                    state = .finished(result)
                    return nil
                case .waiting(let continuation):
                    state = .delivered
                    return continuation
                case .finished, .delivered:
                    return nil
                }
            }
            waiting?.resume(with: result)
        }

        func wait(with continuation: CheckedContinuation<TestServer.Response, any Error>) {
            let ready: Result<TestServer.Response, any Error>? = self.state.withLock { state in
                switch state {
                case .running:
                    state = .waiting(continuation)
                    return nil
                case .finished(let result):
                    state = .delivered
                    return result
                case .waiting, .delivered:
                    preconditionFailure("a handler's outcome is awaited once")
                }
            }
            if let ready {
                continuation.resume(with: ready)
            }
        }

        /// The caller stopped waiting: it gets `CancellationError`, and the handler's result, when it comes,
        /// is dropped.
        func abandon() {
            finish(.failure(CancellationError()))
        }
    }
}
