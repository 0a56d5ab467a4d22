import Dispatch
import Synchronization

/// Where the ``Watchdog`` reads the time and how its loop waits: the monotonic clock in a session, a clock the
/// test moves by hand in a timeout test (``ManualWatchdogClock``), so that no test waits out a real timeout and
/// none expires early because the machine is busy.
protocol WatchdogClock: Sendable {
    /// Monotonic nanoseconds.
    func now() -> UInt64
    /// Waits until `nanoseconds` of this clock's time have passed.
    func sleep(nanoseconds: UInt64) async
    /// Whether a wake-up much later than asked means the process could not run (a stall) rather than time
    /// the network took: true for real time, false for a clock a test moves in jumps.
    var excusesStalls: Bool { get }
}

/// The monotonic clock (`CLOCK_MONOTONIC` through `DispatchTime`).
struct SystemWatchdogClock: WatchdogClock {
    var excusesStalls: Bool { true }

    @inline(__always)
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func sleep(nanoseconds: UInt64) async {
        try? await Task.sleep(nanoseconds: nanoseconds)
    }
}

/// A clock that moves only when ``advance(by:)`` is called: sleepers wake when the time reaches their deadline.
final class ManualWatchdogClock: WatchdogClock {
    private struct State {
        var now: UInt64 = 1_000_000_000
        var sleepers: [(deadline: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
        var sleeperArrivals: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var excusesStalls: Bool { false }

    func now() -> UInt64 { state.withLock { $0.now } }

    func sleep(nanoseconds: UInt64) async {
        await withCheckedContinuation { continuation in
            let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
                let (deadline, overflow) = state.now.addingReportingOverflow(nanoseconds)
                state.sleepers.append((overflow ? UInt64.max : deadline, continuation))
                defer { state.sleeperArrivals = [] }
                return state.sleeperArrivals
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Moves the time forward and wakes every sleeper whose deadline it reached.
    func advance(by seconds: Double) {
        let due: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.now += Watchdog.nanoseconds(seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.map(\.continuation)
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once something sleeps on this clock (the watchdog's loop is waiting for its next check).
    func waitForSleeper() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.sleepers.isEmpty {
                    state.sleeperArrivals.append(continuation)
                    return false
                }
                return true
            }
            if ready { continuation.resume() }
        }
    }
}
