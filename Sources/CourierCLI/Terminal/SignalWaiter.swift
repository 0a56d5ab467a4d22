import Dispatch
import Foundation

/// Waits for one of a set of signals: their default actions are suspended from `init` until ``cancel()``,
/// which puts back what was there before (so a process that ran a command in-process — the tests — can be
/// stopped with SIGTERM again afterwards). Unchecked Sendable: the dispatch sources and the saved actions are
/// set in `init` only, and `cancel()` is called once.
final class SignalWaiter: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let previous: [(signal: Int32, handler: (@convention(c) (Int32) -> Void)?)]
    private let stream: AsyncStream<Void>
    private let registrations: AsyncStream<Void>

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        let (registrations, registered) = AsyncStream<Void>.makeStream()
        self.registrations = registrations
        var sources: [any DispatchSourceSignal] = []
        var previous: [(signal: Int32, handler: (@convention(c) (Int32) -> Void)?)] = []
        for number in signals {
            previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.setRegistrationHandler { registered.yield() }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
        self.previous = previous
    }

    /// Returns once every signal's source is armed: a signal sent before that is ignored, not seen.
    func waitUntilArmed() async {
        var armed = 0
        for await _ in registrations {
            armed += 1
            if armed == sources.count { return }
        }
    }

    /// Returns when one of the signals arrives, or when the calling task is cancelled.
    func wait() async {
        for await _ in self.stream { return }
    }

    /// Stops listening and restores the signals' earlier actions.
    func cancel() {
        for source in self.sources { source.cancel() }
        for (number, handler) in self.previous { signal(number, handler) }
    }
}
