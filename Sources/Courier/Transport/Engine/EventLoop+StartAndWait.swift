import NIOCore
import Synchronization

/// Whether a request was cancelled, read on the event loop right after its exchange starts: a cancellation that
/// came before the start still reaches the exchange.
final class ExchangeCancelMark: Sendable {
    private let flag = Atomic<Bool>(false)

    /// True once the request was cancelled.
    var isSet: Bool { flag.load(ordering: .acquiring) }

    fileprivate func set() { flag.store(true, ordering: .releasing) }
}

extension EventLoop {
    /// Starts an exchange on this loop and waits for the future `start` returns, crossing to the loop once.
    ///
    /// `start(); try await future.get()` from off the loop crosses twice: once to start, and once more because
    /// `get()` registers its callback with `whenComplete`, which an off-loop caller can only do by enqueueing it
    /// on the loop. On a small machine each crossing can wake a sleeping thread. Here the callback is registered
    /// in the turn that starts the exchange.
    ///
    /// A cancellation (of `cancellation` or of the task) runs `cancel` on the loop. One that comes before the
    /// exchange has started is seen by `start` through the mark it is given, which it reads after starting;
    /// `cancel` may therefore run more than once, and must do nothing when there is nothing (left) to cancel.
    func startAndWait<Value: Sendable>(
        cancellation: CancellationScope?,
        start: @escaping @Sendable (ExchangeCancelMark) -> EventLoopFuture<Value>,
        cancel: @escaping @Sendable () -> Void
    ) async throws -> Value {
        let mark = ExchangeCancelMark()
        return try await CancellationScope.withCancellationHandler(cancellation) {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value, any Error>) in
                let run: @Sendable () -> Void = { start(mark).whenComplete { continuation.resume(with: $0) } }
                if inEventLoop { run() } else { execute(run) }
            }
        } onCancel: {
            mark.set()
            self.execute(cancel)
        }
    }
}
