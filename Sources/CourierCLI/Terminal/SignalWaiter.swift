import Dispatch
import Foundation
import Synchronization

/// Waits for one of a set of signals: their default actions are suspended from `init` until ``cancel()``,
/// which puts back what was there before (so a process that ran a command in-process — the tests — can be
/// stopped with SIGTERM again afterwards). Waiters may overlap (tests run commands in parallel): the action in
/// place before the first live waiter of a signal is put back when the last one stops, never one waiter's
/// ignore by another. Unchecked Sendable: the dispatch sources and the signals are set in `init` only, and
/// `cancel()` is called once.
final class SignalWaiter: @unchecked Sendable {
    private typealias Action = (@convention(c) (Int32) -> Void)?
    /// Per signal: how many waiters are live, and the action before the first of them.
    private static let suspended = Mutex<[Int32: (waiters: Int, previous: Action)]>([:])

    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]
    private let stream: AsyncStream<Void>
    private let registrations: AsyncStream<Void>

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        let (registrations, registered) = AsyncStream<Void>.makeStream()
        self.registrations = registrations
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            Self.suspended.withLock { suspended in
                if let live = suspended[number] {
                    suspended[number] = (live.waiters + 1, live.previous)
                } else {
                    suspended[number] = (1, signal(number, SIG_IGN))
                }
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.setRegistrationHandler { registered.yield() }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
        self.signals = signals
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
        for number in signals {
            Self.suspended.withLock { suspended in
                guard let live = suspended[number] else { return }
                if live.waiters > 1 {
                    suspended[number] = (live.waiters - 1, live.previous)
                } else {
                    suspended[number] = nil
                    signal(number, live.previous)
                }
            }
        }
    }
}
