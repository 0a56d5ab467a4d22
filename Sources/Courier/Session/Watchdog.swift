import Dispatch
import Synchronization

/// Courier's own timeouts: one timer loop for all tasks of the process, checking each task's idle time
/// (no bytes either way) and its resource deadline. Every request has its own, and custom protocol handlers
/// are covered too.
final class Watchdog: Sendable {
    static let shared = Watchdog()

    /// Where the time comes from; a test gives its session a watchdog on a ``ManualWatchdogClock``.
    let clock: any WatchdogClock

    init(clock: any WatchdogClock = SystemWatchdogClock()) {
        self.clock = clock
    }

    /// Why a timer fired.
    enum Expiry: Sendable {
        case idle(seconds: Double)
        case resource(seconds: Double)
    }

    /// The timer of one task. Activity is recorded with an atomic store, so the hot path takes no lock.
    final class Timer: Sendable {
        let lastActivity: Atomic<UInt64>
        let paused: Atomic<Bool>
        let idleNanoseconds: UInt64
        let deadline: UInt64
        let resourceSeconds: Double
        let onExpiry: @Sendable (Expiry) -> Void
        let clock: any WatchdogClock

        init(
            idleTimeout: Double, resourceTimeout: Double, clock: any WatchdogClock = SystemWatchdogClock(),
            startingAt start: UInt64? = nil, onExpiry: @escaping @Sendable (Expiry) -> Void
        ) {
            let now = start ?? clock.now()
            self.clock = clock
            self.lastActivity = Atomic(now)
            self.paused = Atomic(false)
            self.idleNanoseconds = Watchdog.nanoseconds(idleTimeout)
            let resource = Watchdog.nanoseconds(resourceTimeout)
            self.deadline = resource >= UInt64.max - now ? UInt64.max : now + resource
            self.resourceSeconds = resourceTimeout
            self.onExpiry = onExpiry
        }

        /// Records that bytes moved.
        @inline(__always)
        func touch() {
            lastActivity.store(clock.now(), ordering: .relaxed)
        }

        /// Stops (or restarts) the idle clock, for suspended tasks.
        func setPaused(_ isPaused: Bool) {
            touch()
            paused.store(isPaused, ordering: .relaxed)
        }

        /// Records activity at a given time (tests drive the clock with this).
        func touch(at uptimeNanoseconds: UInt64) {
            lastActivity.store(uptimeNanoseconds, ordering: .relaxed)
        }

        /// Does not count `stall` nanoseconds, ending at `now`, as idle time: the process could not run then,
        /// so bytes may have been waiting in the socket unread. Moves the last activity forward by the stall,
        /// never past `now` and never back (a concurrent ``touch()`` wins).
        func excuse(stall: UInt64, endingAt now: UInt64) {
            var last = lastActivity.load(ordering: .relaxed)
            while true {
                let (shifted, overflow) = last.addingReportingOverflow(stall)
                let excused = overflow ? now : min(now, shifted)
                guard excused > last else { return }
                let (exchanged, original) = lastActivity.compareExchange(
                    expected: last, desired: excused, ordering: .relaxed)
                if exchanged { return }
                last = original
            }
        }

        /// Where the next idle expiry goes.
        enum IdleSlot: Sendable {
            /// To ``onExpiry``: the task is cancelled.
            case none
            /// To this handler, once, and the timer keeps running: the transport uses it to fail only the
            /// exchange in flight when the retry stage may try again, a durable download to fail only the
            /// attempt.
            case handler(@Sendable (Double) -> Void)
            /// A handler has fired and its owner is unwinding what it cancelled: further idle expiries are
            /// ignored until the owner sets the slot again. (On a busy machine the unwinding can take longer
            /// than the idle timeout, and the next expiry would otherwise cancel the whole task.)
            case fired
        }

        private let idleSlot = Mutex<IdleSlot>(.none)

        /// Sets (or, with `nil`, removes) the handler for the next idle expiry.
        func setIdleHandler(_ handler: (@Sendable (Double) -> Void)?) {
            idleSlot.withLock { $0 = handler.map { .handler($0) } ?? .none }
        }

        /// Sets the handler for the next idle expiry and returns what it replaces, for
        /// ``restoreIdleSlot(_:)``.
        func replaceIdleHandler(_ handler: @escaping @Sendable (Double) -> Void) -> IdleSlot {
            idleSlot.withLock { current in
                defer { current = .handler(handler) }
                return current
            }
        }

        /// Puts back what ``replaceIdleHandler(_:)`` replaced.
        func restoreIdleSlot(_ slot: IdleSlot) {
            idleSlot.withLock { $0 = slot }
        }

        /// What an idle expiry does now: `nil` to cancel the task, `.some(nil)` to ignore it, or the handler
        /// to call (which is used up).
        func takeIdleExpiry() -> (@Sendable (Double) -> Void)?? {
            idleSlot.withLock { slot in
                switch slot {
                case .none:
                    return nil
                case .fired:
                    return .some(nil)
                case .handler(let handler):
                    slot = .fired
                    return .some(handler)
                }
            }
        }

        /// Whether the timer has expired at `now` (uptime nanoseconds), and why.
        func expiry(at now: UInt64) -> Expiry? {
            if now >= deadline { return .resource(seconds: resourceSeconds) }
            if paused.load(ordering: .relaxed) { return nil }
            let last = lastActivity.load(ordering: .relaxed)
            if now > last, now - last >= idleNanoseconds {
                return .idle(seconds: Double(idleNanoseconds) / 1e9)
            }
            return nil
        }
    }

    private struct State {
        var timers: [ObjectIdentifier: Timer] = [:]
        var loopRunning = false
    }

    private let state = Mutex(State())

    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return seconds > 0 ? UInt64.max : 0 }
        let value = seconds * 1e9
        return value >= Double(UInt64.max) ? UInt64.max : UInt64(value)
    }

    func register(_ timer: Timer) {
        let startLoop = state.withLock { state in
            state.timers[ObjectIdentifier(timer)] = timer
            if state.loopRunning { return false }
            state.loopRunning = true
            return true
        }
        if startLoop {
            // At the priority of ordinary tasks, so that a backlog on the pool that delays their work delays
            // this loop too, and shows as a stall (see `loop`).
            Task.detached(priority: .medium) { [self] in await self.loop() }
        }
    }

    func unregister(_ timer: Timer) {
        _ = state.withLock { $0.timers.removeValue(forKey: ObjectIdentifier(timer)) }
    }

    /// How late a check may wake before the lateness counts as a stall rather than scheduling jitter.
    static let stallThreshold: UInt64 = 100_000_000

    /// Checks every timer four times per shortest idle timeout. A check that wakes much later than it asked
    /// (the process was stopped, or the cooperative pool was busy with other work for seconds) excuses the
    /// lateness from every idle clock: a busy process must not blame the network for time it could not run.
    /// Resource deadlines are wall time and are never excused.
    private func loop() async {
        var expectedWake: UInt64?
        while true {
            let (expired, diverted, tick): ([(Timer, Expiry)], [(@Sendable (Double) -> Void, Double)], UInt64?) =
                state.withLock { state in
                    if state.timers.isEmpty {
                        state.loopRunning = false
                        return ([], [], nil)
                    }
                    let now = clock.now()
                    if clock.excusesStalls, let expected = expectedWake, now > expected,
                        now - expected > Self.stallThreshold
                    {
                        for timer in state.timers.values { timer.excuse(stall: now - expected, endingAt: now) }
                    }
                    var expired: [(Timer, Expiry)] = []
                    var diverted: [(@Sendable (Double) -> Void, Double)] = []
                    var shortest = UInt64.max
                    for (key, timer) in state.timers {
                        shortest = min(shortest, timer.idleNanoseconds)
                        if let expiry = timer.expiry(at: now) {
                            if case .idle(let seconds) = expiry, let taken = timer.takeIdleExpiry() {
                                timer.touch(at: now)
                                if let handler = taken { diverted.append((handler, seconds)) }
                            } else {
                                expired.append((timer, expiry))
                                state.timers[key] = nil
                            }
                        }
                    }
                    // Check four times per shortest idle timeout, between 5 ms and 250 ms.
                    let tick = min(max(shortest / 4, 5_000_000), 250_000_000)
                    return (expired, diverted, tick)
                }
            for (timer, expiry) in expired {
                timer.onExpiry(expiry)
            }
            for (handler, seconds) in diverted {
                handler(seconds)
            }
            guard let tick else { return }
            expectedWake = clock.now() &+ tick
            await clock.sleep(nanoseconds: tick)
        }
    }
}
