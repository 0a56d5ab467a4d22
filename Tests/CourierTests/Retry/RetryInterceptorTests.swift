import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

/// Answers the n-th request (0-based) with `responses[n]`, the last one for every request after that.
func sequenceHandler(_ responses: [TestServer.Response]) -> TestServer.Handler {
    let count = Mutex(0)
    return { _ in
        let index = count.withLock { count in
            defer { count += 1 }
            return count
        }
        return responses[min(index, responses.count - 1)]
    }
}

/// A session whose retries wait on `clock` instead of really sleeping.
func retrying(_ clock: TestRetryClock, retries: Int = 2) -> (inout SessionConfiguration) -> Void {
    { configuration in
        configuration.retryPolicy = RetryPolicy(maximumRetries: retries, clock: clock)
    }
}

@Suite("Retries")
struct RetryInterceptorTests {
    @Test func getIsRetriedAfterADroppedConnection() async throws {
        let clock = TestRetryClock()
        try await withServer(
            configure: retrying(clock), handler: sequenceHandler([.closeConnection, .text("second time lucky")])
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/feed")))
            #expect(response.text == "second time lucky")
            #expect(server.recordedRequests.count == 2)
            #expect(response.metrics?.retryCount == 1)
            #expect(response.metrics?.transactionMetrics.count == 2)
            #expect(clock.sleeps.count == 1)
            #expect(clock.sleeps.allSatisfy { $0 >= 0 && $0 <= 0.5 })
        }
    }

    @Test func postAfterATimeoutAfterSendingIsNotRetriedAndIsAmbiguous() async throws {
        let clock = TestRetryClock()
        // The idle clock moves only when the request has reached the server: on a busy machine a real 0.3 s
        // could run out before the request is even sent, and the outcome would then rightly be "not sent".
        // The timeout is long because the transport also bounds connecting by it, in real time.
        let idleClock = ManualWatchdogClock()
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        try await withServer(
            configure: {
                retrying(clock)(&$0)
                $0.timeoutIntervalForRequest = 30
                $0.watchdog = Watchdog(clock: idleClock)
            },
            handler: { _ in
                arrived.yield()
                return .hang
            }
        ) { server, session in
            var request = Request(url: server.url("/transfer"), method: .post)
            request.body = .json(["amount": 500])
            let task = session.makeDataTask(with: request)
            task.resume()
            for await _ in arrivals { break }
            await idleClock.waitForSleeper()
            idleClock.advance(by: 31)
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.code == .timedOut)
            #expect(error?.outcome == .ambiguous)
            #expect(error?.isAmbiguous == true)
            #expect(server.recordedRequests.count == 1)
            #expect(task.metrics?.retryCount == 0)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func getAfterAnIdleTimeoutIsRetriedWithinTheSameTask() async throws {
        let clock = TestRetryClock()
        try await withServer(
            configure: {
                retrying(clock)(&$0)
                // Long enough that the second attempt answers in time even at the start of a full parallel
                // run, when synchronous tests hold the cooperative pool (where the server's handlers run).
                $0.timeoutIntervalForRequest = 15
            }, handler: sequenceHandler([.hang, .text("awake")])
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/slow")))
            #expect(response.text == "awake")
            // One retry normally; on a starved machine the retry itself may time out once more, and an attempt
            // that times out before the server has read its head is never recorded there: the server saw the
            // hanging request and the answered one, and never more requests than the task made attempts.
            let retries = response.metrics?.retryCount ?? 0
            #expect(retries >= 1)
            let recorded = server.recordedRequests.count
            #expect(recorded >= 2 && recorded <= retries + 1, "\(recorded) requests for \(retries) retries")
        }
    }

    @Test func status503WithRetryAfter2WaitsTwoSecondsOnTheClock() async throws {
        let clock = TestRetryClock()
        let busy = TestServer.Response.text("busy", status: 503, headers: [.retryAfter: "2"])
        try await withServer(configure: retrying(clock), handler: sequenceHandler([busy, .text("ready")])) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 200)
            #expect(clock.sleeps == [2])
            #expect(response.metrics?.retryCount == 1)
        }
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        let clock = TestRetryClock()
        let date = HTTPDate.format(clock.now.addingTimeInterval(7))
        let limited = TestServer.Response.text("slow down", status: 429, headers: [.retryAfter: date])
        try await withServer(configure: retrying(clock), handler: sequenceHandler([limited, .text("ok")])) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 200)
            #expect(clock.sleeps == [7])
        }
    }

    @Test(arguments: ["soon", "-5", "Tue, 99 Foo 2023", ""])
    func malformedRetryAfterFallsBackToBackoff(value: String) async throws {
        let clock = TestRetryClock()
        let busy = TestServer.Response.text("busy", status: 503, headers: [.retryAfter: value])
        try await withServer(configure: retrying(clock), handler: sequenceHandler([busy, .text("ok")])) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 200)
            #expect(clock.sleeps.count == 1)
            #expect(clock.sleeps.allSatisfy { $0 >= 0 && $0 <= 0.5 })
        }
    }

    @Test func hugeRetryAfterIsCappedAtTheMaximum() async throws {
        let clock = TestRetryClock()
        let busy = TestServer.Response.text("busy", status: 503, headers: [.retryAfter: "999999999999999999999999"])
        try await withServer(
            configure: { $0.retryPolicy = RetryPolicy(maximumRetryAfter: 45, clock: clock) },
            handler: sequenceHandler([busy, .text("ok")])
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 200)
            #expect(clock.sleeps == [45])
        }
    }

    @Test func anIdempotencyKeyLetsAPostBeRetriedAndItsBodyIsSentAgain() async throws {
        let clock = TestRetryClock()
        let payload = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
        try await withServer(
            configure: retrying(clock),
            handler: sequenceHandler([.text("later", status: 503), .text("created", status: 201)])
        ) { server, session in
            var request = Request(url: server.url("/orders"), method: .post)
            try request.setValue("order-1", forHTTPHeaderField: "Idempotency-Key")
            // A stream body: produced again from its closure for the retry.
            request.body = .stream(length: Int64(payload.count)) {
                AsyncThrowingStream<Data, any Error> { continuation in
                    continuation.yield(payload.prefix(4000))
                    continuation.yield(payload.dropFirst(4000))
                    continuation.finish()
                }
            }
            let response = try await session.data(for: request)
            #expect(response.status.code == 201)
            #expect(server.recordedRequests.map(\.body) == [payload, payload])
            #expect(response.metrics?.retryCount == 1)
        }
    }

    @Test func postWithoutAKeyGetsTheErrorStatusBack() async throws {
        let clock = TestRetryClock()
        try await withServer(configure: retrying(clock), handler: { _ in .text("down", status: 503) }) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/orders"), method: .post))
            #expect(response.status.code == 503)
            #expect(server.recordedRequests.count == 1)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func retriesStopAtTheMaximumWithTheLastResponse() async throws {
        let clock = TestRetryClock()
        let retried = Mutex<[RetryAttempt]>([])
        try await withServer(
            configure: {
                $0.retryPolicy = RetryPolicy(
                    maximumRetries: 3, jitter: .none, clock: clock,
                    onRetry: { attempt in retried.withLock { $0.append(attempt) } })
            }, handler: { _ in .text("always busy", status: 502) }
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 502)
            #expect(response.text == "always busy")
            #expect(server.recordedRequests.count == 4)
            #expect(response.metrics?.retryCount == 3)
            #expect(response.metrics?.transactionMetrics.count == 4)
            #expect(clock.sleeps == [0.5, 1, 2])
            let attempts = retried.withLock { $0 }
            #expect(attempts.map(\.retry) == [1, 2, 3])
            #expect(attempts.allSatisfy { if case .status(502) = $0.reason { true } else { false } })
        }
    }

    @Test func aRetriedResponseBodyIsDrainedSoTheConnectionIsReused() async throws {
        let clock = TestRetryClock()
        let busy = TestServer.Response.text(String(repeating: "x", count: 20_000), status: 500)
        try await withServer(configure: retrying(clock), handler: sequenceHandler([busy, .text("ok")])) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.text == "ok")
            #expect(server.connectionCount == 1)
            #expect(Set(server.recordedRequests.map(\.connectionIndex)) == [0])
        }
    }

    @Test func retriesStopAtTheResourceTimeout() async throws {
        let clock = TestRetryClock()
        let busy = TestServer.Response.text("busy", status: 503, headers: [.retryAfter: "300"])
        try await withServer(
            configure: {
                $0.retryPolicy = RetryPolicy(maximumRetries: 2, maximumRetryAfter: 600, clock: clock)
                // Far more than the exchange takes in real time, even at the start of a full parallel run.
                $0.timeoutIntervalForResource = 200
            }, handler: sequenceHandler([busy, .text("ok")])
        ) { server, session in
            // Waiting 300 s would outlast the 200 s resource timeout: the 503 is the answer.
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 503)
            #expect(clock.sleeps.isEmpty)
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test func waitsAddUpAgainstTheResourceTimeout() async throws {
        let clock = TestRetryClock()
        let busy = TestServer.Response.text("busy", status: 503, headers: [.retryAfter: "50"])
        try await withServer(
            configure: {
                retrying(clock, retries: 5)(&$0)
                $0.timeoutIntervalForResource = 125
            }, handler: { _ in busy }
        ) { server, session in
            // 50 s, then 50 s more (100 < 125), then a third wait would end at 150 s: stop. (The test clock
            // does not sleep; the real clock also counts against the deadline, so the budget leaves room
            // for a loaded machine's real seconds.)
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status.code == 503)
            #expect(clock.sleeps == [50, 50])
            #expect(server.recordedRequests.count == 3)
        }
    }

    @Test func theNonePolicyNeverRetries() async throws {
        try await withServer(configure: { $0.retryPolicy = .none }, handler: { _ in .closeConnection }) {
            server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .networkConnectionLost)
            #expect(server.recordedRequests.count <= 1)
        }
    }

    @Test func aRefusedConnectionIsRetriedThenReported() async throws {
        let (descriptor, port) = try boundButNotListening()
        defer { close(descriptor) }
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let clock = TestRetryClock()
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        configuration.retryPolicy = RetryPolicy(clock: clock)
        let session = Session(configuration: configuration)
        let task = session.makeDataTask(with: Request(url: url))
        task.resume()
        let error = await #expect(throws: CourierError.self) { try await task.value }
        #expect(error?.code == .cannotConnectToHost)
        #expect(task.metrics?.retryCount == 2)
        #expect(clock.sleeps.count == 2)
        await session.finishTasksAndInvalidate()
    }

    @Test func notConnectedToInternetIsRetriedOnlyOnceTheNetworkIsBack() async throws {
        for (status, expectedRequests) in [(ReachabilityStatus.unreachable, 1), (.reachable(via: .wifi), 2)] {
            let stubs = StubProtocolHandler()
            stubs.stub(.get, "https://api.test/x", response: .text("ok"))
            stubs.stub(.get, "https://api.test/x", response: .failure(.notConnectedToInternet), times: 1)
            let clock = TestRetryClock()
            let session = stubbedSession(stubs) {
                $0.retryPolicy = RetryPolicy(clock: clock)
                $0.reachability = ManualReachability(status)
            }
            do {
                let response = try await session.data(for: try Request("https://api.test/x"))
                #expect(expectedRequests == 2)
                #expect(response.text == "ok")
            } catch let error as CourierError {
                #expect(expectedRequests == 1)
                #expect(error.code == .notConnectedToInternet)
            }
            #expect(stubs.receivedRequests.count == expectedRequests, "\(status)")
            await session.finishTasksAndInvalidate()
        }
    }

    @Test func cancellingDuringTheBackoffEndsTheTaskAtOnce() async throws {
        let (retryStarted, retrying) = AsyncStream.makeStream(of: Void.self)
        try await withServer(
            configure: {
                $0.retryPolicy = RetryPolicy(baseDelay: 600, jitter: .none, onRetry: { _ in retrying.yield() })
            },
            handler: { _ in .text("busy", status: 503) }
        ) { server, session in
            let task = session.makeDataTask(with: Request(url: server.url("/")))
            task.resume()
            // onRetry runs right before the 600 s wait on the real clock.
            var signals = retryStarted.makeAsyncIterator()
            await signals.next()
            task.cancel()
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.code == .cancelled)
            #expect(server.recordedRequests.count == 1)
        }
    }
}
