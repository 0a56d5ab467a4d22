import Courier
import Foundation
import Synchronization

/// A ``RetryClock`` for tests: sleeping only records the wait and moves the clock forward, so retry tests
/// run instantly and can check exactly how long the policy waited.
///
/// ```swift
/// let clock = TestRetryClock()
/// configuration.retryPolicy = RetryPolicy(clock: clock)
/// // … a 503 with Retry-After: 2, then a 200 …
/// #expect(clock.sleeps == [2])
/// ```
public final class TestRetryClock: RetryClock {
    private struct State {
        var now: Date
        var sleeps: [TimeInterval] = []
    }

    private let state: Mutex<State>

    /// A clock starting at `now` (a fixed date by default, so HTTP-dates are reproducible).
    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Mutex(State(now: now))
    }

    /// The clock's time: the start plus every recorded sleep.
    public var now: Date { state.withLock { $0.now } }

    /// Every wait asked for, in order.
    public var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

    /// Records the wait, moves the clock on and returns at once (after letting other tasks run).
    public func sleep(for seconds: TimeInterval) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(seconds)
            state.now += max(0, seconds)
        }
        await Task.yield()
    }
}
