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
        /// How many times something has slept on the clock.
        var sleeps = 0
        /// Who waits for a sleep, by ticket: the sleep count they wait to see exceeded.
        var sleepWaiters: [Int: (after: Int, continuation: CheckedContinuation<Int, Never>)] = [:]
        var nextTicket = 0
        var cancelledTickets: Set<Int> = []
    }

    private let state = Mutex(State())

    var excusesStalls: Bool { false }

    func now() -> UInt64 { state.withLock { $0.now } }

    func sleep(nanoseconds: UInt64) async {
        await withCheckedContinuation { continuation in
            let (waiters, count): ([CheckedContinuation<Int, Never>], Int) = state.withLock { state in
                let (deadline, overflow) = state.now.addingReportingOverflow(nanoseconds)
                state.sleepers.append((overflow ? UInt64.max : deadline, continuation))
                state.sleeps += 1
                let woken = state.sleepWaiters.filter { $0.value.after < state.sleeps }
                for ticket in woken.keys { state.sleepWaiters[ticket] = nil }
                return (woken.values.map(\.continuation), state.sleeps)
            }
            for waiter in waiters { waiter.resume(returning: count) }
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
        let (asleep, count) = state.withLock { (!$0.sleepers.isEmpty, $0.sleeps) }
        if !asleep { _ = await waitForSleep(after: count) }
    }

    /// Returns the number of sleeps so far once it exceeds `count` (at once if it already does), or `count`
    /// when the calling task is cancelled first.
    func waitForSleep(after count: Int) async -> Int {
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Int? = state.withLock { state in
                    if state.sleeps > count { return state.sleeps }
                    if state.cancelledTickets.remove(ticket) != nil { return count }
                    state.sleepWaiters[ticket] = (count, continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.sleepWaiters.removeValue(forKey: ticket) else {
                    state.cancelledTickets.insert(ticket)
                    return CheckedContinuation<Int, Never>?.none
                }
                return waiter.continuation
            }
            waiter?.resume(returning: count)
        }
    }

    /// Advances the time by `seconds` each time something starts to sleep on the clock (and at once when
    /// something already sleeps), until the returned task is cancelled. For a test whose timer is touched by
    /// activity it cannot observe (a response head arriving re-arms an idle timer), where a single `advance`
    /// could land before the touch and leave the timer asleep for good.
    func advancingEachSleep(by seconds: Double) -> Task<Void, Never> {
        Task {
            var seen = state.withLock { $0.sleepers.isEmpty ? $0.sleeps : $0.sleeps - 1 }
            while !Task.isCancelled {
                let count = await waitForSleep(after: seen)
                guard count > seen, !Task.isCancelled else { return }
                seen = count
                advance(by: seconds)
            }
        }
    }
}
