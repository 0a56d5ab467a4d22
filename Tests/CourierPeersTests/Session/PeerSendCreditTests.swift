import Logging
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import CourierPeers

/// Reliable messages handed to a connection wait for room in its send buffer (`sendBufferLimit`).
@Suite struct PeerSendCreditTests {
    /// Whether a task's acquire has returned, and with what.
    final class Outcome: Sendable {
        private let value = Mutex<Bool?>(nil)
        func set(_ granted: Bool) { value.withLock { $0 = granted } }
        var result: Bool? { value.withLock { $0 } }
    }

    /// Starts an acquire that is expected to wait, and returns once it waits.
    static func waitingAcquire(_ credit: PeerSendCredit, _ bytes: Int, waiters: Int) async -> (
        Task<Void, Never>, Outcome
    ) {
        let outcome = Outcome()
        let task = Task { outcome.set(await credit.acquire(bytes)) }
        // Bounded: an acquire that wrongly went at once fails the test instead of hanging it.
        let deadline = ContinuousClock.now + .seconds(10)
        while credit.waiting < waiters, ContinuousClock.now < deadline { await Task.yield() }
        #expect(credit.waiting == waiters, "the acquire of \(bytes) bytes did not wait")
        return (task, outcome)
    }

    @Test func messagesGoWhileTheyFitAndThenInOrder() async {
        let credit = PeerSendCredit(limit: 100)
        #expect(await credit.acquire(60))
        #expect(await credit.acquire(40))
        #expect(credit.outstanding == 100)
        let (first, firstOutcome) = await Self.waitingAcquire(credit, 50, waiters: 1)
        let (second, secondOutcome) = await Self.waitingAcquire(credit, 10, waiters: 2)
        // Room for the second but not the first: neither goes before the first (sends keep their order).
        credit.release(40)
        #expect(credit.waiting == 2)
        credit.release(60)
        await first.value
        await second.value
        #expect(firstOutcome.result == true)
        #expect(secondOutcome.result == true)
        #expect(credit.outstanding == 60)
    }

    @Test func aMessageLargerThanTheLimitGoesAlone() async {
        let credit = PeerSendCredit(limit: 100)
        #expect(await credit.acquire(500))
        let (task, outcome) = await Self.waitingAcquire(credit, 1, waiters: 1)
        credit.release(500)
        await task.value
        #expect(outcome.result == true)
    }

    @Test func closingEndsEveryWaitAndEveryLaterOne() async {
        let credit = PeerSendCredit(limit: 10)
        #expect(await credit.acquire(10))
        let (task, outcome) = await Self.waitingAcquire(credit, 5, waiters: 1)
        credit.close()
        await task.value
        #expect(outcome.result == false)
        #expect(await credit.acquire(1) == false)
    }

    @Test func aCancelledWaitEndsAndTheNextOneGoes() async {
        let credit = PeerSendCredit(limit: 10)
        #expect(await credit.acquire(8))
        let (cancelled, cancelledOutcome) = await Self.waitingAcquire(credit, 5, waiters: 1)
        let (next, nextOutcome) = await Self.waitingAcquire(credit, 2, waiters: 2)
        cancelled.cancel()
        await cancelled.value
        #expect(cancelledOutcome.result == false)
        // The one behind it fits (8 + 2) and goes.
        await next.value
        #expect(nextOutcome.result == true)
        #expect(credit.outstanding == 10)
    }

    @Test func aTaskCancelledBeforeItWaitsDoesNotWait() async {
        let credit = PeerSendCredit(limit: 10)
        #expect(await credit.acquire(10))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await credit.acquire(5)
        }
        #expect(await task.value == false)
        #expect(credit.waiting == 0)
    }

    @Test func theRoutesHandlerGivesBackWhatTheEventLoopTakesAndClosesWithTheConnection() async throws {
        let credit = PeerSendCredit(limit: 1000)
        #expect(await credit.acquire(600))
        let channel = EmbeddedChannel(
            handler: PeerDirectDeliveryHandler(
                route: PeerDirectRoute(credit: credit), deliver: { _, _ in false }, onInactive: {}))
        try channel.writeOutbound(PeerFrame(message: [UInt8](repeating: 1, count: 600)))
        #expect(credit.outstanding == 0)
        // Control frames never took credit and give none back.
        #expect(await credit.acquire(100))
        try channel.writeOutbound(PeerFrame(kind: .heartbeat))
        #expect(credit.outstanding == 100)
        _ = try channel.finish()
        #expect(await credit.acquire(1) == false)
    }
}
