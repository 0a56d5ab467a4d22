import Foundation
import Testing

@testable import CourierCLI

@Suite("Signal waiter", .timeLimit(.minutes(1)))
struct SignalWaiterTests {
    /// A signal wakes the waiter instead of acting, and cancelling puts the signal's earlier action back: a
    /// process that ran `courier serve` in-process (the tests do) can be stopped with SIGTERM afterwards.
    @Test func aSignalWakesTheWaiterAndCancelRestoresTheEarlierAction() async {
        let waiter = SignalWaiter(signals: [SIGUSR2])
        let woken = Task { await waiter.wait() }
        await waiter.waitUntilArmed()
        // To the process, not to this thread: a signal aimed at a thread that blocks it waits there.
        kill(getpid(), SIGUSR2)
        await woken.value
        waiter.cancel()
        // What `signal` returns is the action in place: the default one again (nil is SIG_DFL).
        let restored = signal(SIGUSR2, SIG_DFL)
        #expect(restored == nil)
    }

    /// Waiters overlap when commands run in parallel in one process: the one that stops first must leave the
    /// signal suspended for the other, and the last one puts back the action from before the first.
    @Test func overlappingWaitersRestoreTheActionFromBeforeTheFirst() {
        let first = SignalWaiter(signals: [SIGUSR1])
        let second = SignalWaiter(signals: [SIGUSR1])
        first.cancel()
        // Still suspended for the second waiter: ignored, or dispatch's own handler once its source is armed — not
        // the default action, which would end the process. (Reading the action means setting one.)
        let during = signal(SIGUSR1, SIG_IGN)
        #expect(during != nil)
        second.cancel()
        let after = signal(SIGUSR1, SIG_DFL)
        #expect(after == nil)
    }
}
