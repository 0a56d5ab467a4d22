import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import Courier

@Suite("An idle timeout as the head arrives", .timeLimit(.minutes(1)))
struct IdleTimeoutRaceTests {
    /// The raw cancellation that escaped as "the request was cancelled": the idle timeout fired just as the
    /// head arrived, cancelling the exchange after it had returned the head, so the body failed as cancelled
    /// although nobody cancelled the task. It must be the timeout it is (and the retry stage may try again).
    @Test func anIdleExpiryJustAfterTheHeadIsATimeoutNotACancellation() async throws {
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        let server = try await TestServer.start { _ in
            arrived.yield()
            return .headThenHang()
        }
        var configuration = SessionConfiguration.ephemeral
        // Retries allowed (so an idle timeout fails just the exchange), without waiting between attempts.
        var policy = RetryPolicy.retries(1)
        policy.baseDelay = 0
        policy.jitter = .none
        let retries = Mutex(0)
        policy.onRetry = { _ in retries.withLock { $0 += 1 } }
        configuration.retryPolicy = policy
        // The idle clock moves only when the test says: on a loaded machine a real one-second timeout can
        // also expire before the request reaches the transport, which cancels the whole task (nothing to
        // retry), and the test would measure the machine rather than the race it is about.
        let idleClock = ManualWatchdogClock()
        configuration.watchdog = Watchdog(clock: idleClock)
        let session = Session(configuration: configuration)
        var request = Request(url: server.url("/"))
        // The last attempt (no retry left) runs without the handler and ends by the task's own idle timeout.
        // The request's timeout also bounds connecting, in real time: 30 s, so that a loaded machine never runs
        // it out before the retry reaches the server (the manual idle clock is moved past it below).
        request.timeout = 30
        let caller = Task {
            await TransportInterceptor.$afterExchange.withValue({ context in
                // The watchdog's expiry, landing in the window between the head and the handler's removal.
                if let handler = context.timer.takeIdleExpiry() ?? nil { handler(30) }
            }) {
                await #expect(throws: CourierError.self) { try await session.data(for: request) }
            }
        }
        // The retry's request has reached the server: from now on only the task's own idle timeout can end
        // it, so the clock moves each time the watchdog sleeps (the head arriving re-arms the timer).
        var count = 0
        for await _ in arrivals {
            count += 1
            if count == 2 { break }
        }
        let advancing = idleClock.advancingEachSleep(by: 31)
        let error = await caller.value
        advancing.cancel()
        #expect(error?.code == .timedOut, "\(String(reflecting: error))")
        // The exchange failed as a timeout at once, so the policy tried again; before, the response went on
        // with a cancelled exchange behind it (whose body fails as "cancelled" when the cancellation reached
        // async-http-client in time, and otherwise waits out the task's own idle timeout).
        #expect(retries.withLock { $0 } == 1)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }
}
