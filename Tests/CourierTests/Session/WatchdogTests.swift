import Synchronization
import Testing

@testable import Courier

/// The watchdog's decisions with a driven clock: no sleeping, no dependence on how busy the machine is.
@Suite("Watchdog")
struct WatchdogTests {
    static let millisecond: UInt64 = 1_000_000

    func timer(idle: Double, resource: Double = 3600) -> Watchdog.Timer {
        Watchdog.Timer(idleTimeout: idle, resourceTimeout: resource, startingAt: 0) { _ in }
    }

    @Test func steadyTrickleLongerThanTheIdleTimeoutNeverExpires() {
        let timer = timer(idle: 0.25)
        // 60 ms gaps for 3 s: far longer in all than 250 ms, no gap as long.
        for step in 1...50 {
            let now = UInt64(step) * 60 * Self.millisecond
            #expect(timer.expiry(at: now) == nil)
            timer.touch(at: now)
        }
    }

    @Test func aGapAsLongAsTheIdleTimeoutExpires() {
        let timer = timer(idle: 0.25)
        timer.touch(at: 100 * Self.millisecond)
        #expect(timer.expiry(at: 349 * Self.millisecond) == nil)
        guard case .idle(let seconds) = timer.expiry(at: 350 * Self.millisecond) else {
            Issue.record("expected an idle expiry")
            return
        }
        #expect(seconds == 0.25)
    }

    @Test func pausedTimersDoNotIdleOut() {
        let timer = timer(idle: 0.25)
        timer.paused.store(true, ordering: .relaxed)
        #expect(timer.expiry(at: 10_000 * Self.millisecond) == nil)
        timer.paused.store(false, ordering: .relaxed)
        #expect(timer.expiry(at: 10_000 * Self.millisecond) != nil)
    }

    @Test func theResourceDeadlineIgnoresActivityAndPauses() {
        let timer = timer(idle: 1, resource: 0.5)
        timer.paused.store(true, ordering: .relaxed)
        for step in 0..<10 { timer.touch(at: UInt64(step) * 40 * Self.millisecond) }
        guard case .resource(let seconds) = timer.expiry(at: 500 * Self.millisecond) else {
            Issue.record("expected a resource expiry")
            return
        }
        #expect(seconds == 0.5)
    }

    @Test func anIdleHandlerFiresOnceThenFurtherExpiriesWaitForItsOwner() {
        let timer = timer(idle: 0.25)
        // No handler: the expiry cancels the task.
        #expect(timer.takeIdleExpiry() == nil)
        let fired = Mutex(0)
        let previous = timer.replaceIdleHandler { _ in fired.withLock { $0 += 1 } }
        // The handler is taken once...
        guard case .some(.some(let handler)) = timer.takeIdleExpiry() else {
            Issue.record("expected the handler")
            return
        }
        handler(0.25)
        #expect(fired.withLock { $0 } == 1)
        // ...and while its owner unwinds, later expiries are ignored rather than cancelling the task.
        for _ in 0..<3 {
            guard case .some(.none) = timer.takeIdleExpiry() else {
                Issue.record("expected the expiry to be ignored")
                return
            }
        }
        // The owner puts back what it replaced: expiries cancel the task again.
        timer.restoreIdleSlot(previous)
        #expect(timer.takeIdleExpiry() == nil)
        // A handler set directly is also used once; clearing it returns to cancelling.
        timer.setIdleHandler { _ in }
        guard case .some(.some) = timer.takeIdleExpiry() else {
            Issue.record("expected the handler")
            return
        }
        timer.setIdleHandler(nil)
        #expect(timer.takeIdleExpiry() == nil)
    }

    @Test func infiniteOrHugeTimeoutsDoNotOverflow() {
        let timer = Watchdog.Timer(idleTimeout: .infinity, resourceTimeout: 1e30, startingAt: UInt64.max - 10) { _ in }
        #expect(timer.expiry(at: UInt64.max - 1) == nil)
    }
}

extension Watchdog.Expiry: Equatable {
    public static func == (lhs: Watchdog.Expiry, rhs: Watchdog.Expiry) -> Bool {
        switch (lhs, rhs) {
        case (.idle(let a), .idle(let b)), (.resource(let a), .resource(let b)): return a == b
        default: return false
        }
    }
}

/// A clock whose first sleep oversleeps by `stall` (the process could not run), then keeps exact time.
final class StallingWatchdogClock: WatchdogClock {
    private let time = Mutex<(now: UInt64, stall: UInt64)>((1_000_000_000, 0))
    let excusesStalls: Bool

    init(stall: UInt64, excusesStalls: Bool = true) {
        self.excusesStalls = excusesStalls
        time.withLock { $0.stall = stall }
    }

    func now() -> UInt64 { time.withLock { $0.now } }

    func sleep(nanoseconds: UInt64) async {
        time.withLock { state in
            state.now += nanoseconds + state.stall
            state.stall = 0
        }
        await Task.yield()
    }
}

@Suite("Watchdog stalls")
struct WatchdogStallTests {
    /// Runs a watchdog on `clock` with one timer and returns the clock's time when the timer fired, counted
    /// from its start.
    func firingTime(idle: Double, clock: StallingWatchdogClock) async -> UInt64 {
        let watchdog = Watchdog(clock: clock)
        let start = clock.now()
        let (fired, continuation) = AsyncStream<UInt64>.makeStream()
        let timer = Watchdog.Timer(idleTimeout: idle, resourceTimeout: 3600, clock: clock) { _ in
            continuation.yield(clock.now())
            continuation.finish()
        }
        watchdog.register(timer)
        var firedAt: UInt64 = 0
        for await time in fired { firedAt = time }
        watchdog.unregister(timer)
        return firedAt - start
    }

    /// Five seconds in which the process could not run are not five seconds of a silent server: the idle
    /// timeout of one second fires one second of running time after the stall, not at the first check after it.
    @Test func aStallOfTheProcessIsNotCountedAsIdleTime() async {
        let stall: UInt64 = 5_000_000_000
        let elapsed = await firingTime(idle: 1, clock: StallingWatchdogClock(stall: stall))
        #expect(elapsed >= stall + 1_000_000_000)
    }

    /// A clock a test moves in jumps excuses nothing: the same jump expires the timer at once.
    @Test func aClockThatDoesNotExcuseStallsCountsTheJump() async {
        let stall: UInt64 = 5_000_000_000
        let elapsed = await firingTime(idle: 1, clock: StallingWatchdogClock(stall: stall, excusesStalls: false))
        #expect(elapsed < stall + 1_000_000_000)
    }
}
