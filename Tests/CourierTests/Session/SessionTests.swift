import CourierTesting
import Dispatch
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

/// Collects delegate calls in order.
final class RecordingDelegate: SessionDelegate {
    let calls = Mutex<[String]>([])
    let redirectDecision: @Sendable (Response, Request) -> Request?
    let responseDecision: ResponseDisposition
    let invalidated = Mutex(false)

    init(
        redirect: @escaping @Sendable (Response, Request) -> Request? = { $1 },
        response: ResponseDisposition = .allow
    ) {
        self.redirectDecision = redirect
        self.responseDecision = response
    }

    func record(_ call: String) { calls.withLock { $0.append(call) } }
    var recorded: [String] { calls.withLock { $0 } }

    func session(
        _ session: Session, task: SessionTask, willPerformHTTPRedirection response: Response,
        newRequest: Request
    ) async -> Request? {
        record("redirect \(response.status.code)")
        return redirectDecision(response, newRequest)
    }
    func session(_ session: Session, task: SessionTask, didReceive response: Response) async -> ResponseDisposition {
        record("response \(response.status.code)")
        return responseDecision
    }
    func session(_ session: Session, task: SessionTask, didReceive data: Data) {
        record("data \(data.count)")
    }
    func session(_ session: Session, task: SessionTask, didFinishCollecting metrics: TaskMetrics) {
        record("metrics")
    }
    func session(_ session: Session, task: SessionTask, didCompleteWithError error: CourierError?) {
        record("complete \(error?.code.name ?? "ok")")
    }
    func session(_ session: Session, didBecomeInvalidWithError error: (any Error)?) {
        invalidated.withLock { $0 = true }
    }
}

func stubbedSession(
    _ stubs: StubProtocolHandler, delegate: (any SessionDelegate)? = nil,
    configure: (inout SessionConfiguration) -> Void = { _ in }
) -> Session {
    var configuration = SessionConfiguration.ephemeral
    configuration.protocolHandlers = [stubs]
    configure(&configuration)
    return Session(configuration: configuration, delegate: delegate)
}

/// A session whose every request goes to `held`.
func heldSession(_ held: HeldProtocolHandler, delegate: (any SessionDelegate)? = nil) -> Session {
    var configuration = SessionConfiguration.ephemeral
    configuration.protocolHandlers = [held]
    return Session(configuration: configuration, delegate: delegate)
}

@Suite("Session and tasks")
struct SessionTests {
    @Test func dataForRequestCollectsTheBody() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/items", response: .json(#"[1,2,3]"#))
        let session = stubbedSession(stubs)
        let response = try await session.data(for: try Request("https://api.test/items"))
        #expect(response.status == .ok)
        #expect(try response.decode([Int].self) == [1, 2, 3])
        #expect(response.mimeType == "application/json")
        #expect(response.metrics?.transactionMetrics.count == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func defaultHeadersAreAddedAndCanBeBlanked() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(204))
        let session = stubbedSession(stubs) { configuration in
            configuration.httpAdditionalHeaders[HTTPField.Name("X-App")!] = "demo"
            configuration.userAgent = "Tester/1"
        }
        _ = try await session.data(for: try Request("https://api.test/a"))
        var blanked = try Request("https://api.test/b")
        try blanked.setValue("", forHTTPHeaderField: "User-Agent")
        try blanked.setValue("", forHTTPHeaderField: "x-app")
        try blanked.setValue("custom", forHTTPHeaderField: "Accept")
        _ = try await session.data(for: blanked)
        let received = stubs.receivedRequests
        #expect(received[0].value(forHTTPHeaderField: "User-Agent") == "Tester/1")
        #expect(received[0].value(forHTTPHeaderField: "X-App") == "demo")
        #expect(received[0].value(forHTTPHeaderField: "Accept") == "*/*")
        #expect(received[1].value(forHTTPHeaderField: "User-Agent") == nil)
        #expect(received[1].value(forHTTPHeaderField: "X-App") == nil)
        #expect(received[1].value(forHTTPHeaderField: "Accept") == "custom")
        await session.finishTasksAndInvalidate()
    }

    @Test func defaultUserAgentHasTheBooksShape() {
        let agent = SessionConfiguration.default.userAgent
        #expect(agent.contains("Courier/\(CourierVersion.string)"))
        #expect(agent.contains(" Linux/"))
    }

    @Test func configurationIsCopiedAtCreation() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [stubs]
        configuration.userAgent = "Before/1"
        let session = Session(configuration: configuration)
        configuration.userAgent = "After/2"
        _ = try await session.data(for: try Request("https://api.test/"))
        #expect(stubs.receivedRequests.first?.value(forHTTPHeaderField: "User-Agent") == "Before/1")
        #expect(session.configuration.userAgent == "Before/1")
        await session.finishTasksAndInvalidate()
    }

    @Test func jsonAndFormBodiesGetContentTypes() async throws {
        struct Item: Codable, Sendable, Equatable { var name: String }
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(201))
        let session = stubbedSession(stubs)
        var request = try Request("https://api.test/items", method: .post)
        request.body = .json(Item(name: "pen"))
        _ = try await session.data(for: request)
        request.body = .form([("a", "1")])
        _ = try await session.data(for: request)
        let received = stubs.receivedRequests
        #expect(received[0].value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(Item.self, from: #require(received[0].body.inMemoryData)) == Item(name: "pen"))
        #expect(received[1].value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        await session.finishTasksAndInvalidate()
    }

    @Test func tasksStartSuspendedAndRunOnResume() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .text("hi"))
        let session = stubbedSession(stubs)
        let task = session.makeDataTask(with: try Request("https://api.test/"))
        #expect(task.state == .suspended)
        try await Task.sleep(for: .milliseconds(20))
        #expect(stubs.receivedRequests.isEmpty)
        task.resume()
        let response = try await task.value
        #expect(response.text == "hi")
        #expect(task.state == .completed)
        #expect(task.response?.text == "hi")
        #expect(task.progress.totalBytesReceived == 2)
        await session.finishTasksAndInvalidate()
    }

    @Test func eventsArriveInTheDocumentedOrder() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/start", response: .redirect(to: "/end", status: 302))
        stubs.stub(.get, "https://api.test/end", response: .chunks([Data("ab".utf8), Data("cd".utf8)]))
        let session = stubbedSession(stubs)
        let task = session.makeDataTask(with: try Request("https://api.test/start"))
        let events = task.events
        task.resume()
        var names: [String] = []
        for await event in events {
            switch event {
            case .willPerformHTTPRedirection(let response, let next):
                names.append("redirect \(response.status.code) -> \(next.url.path)")
            case .didReceiveResponse(let response): names.append("response \(response.status.code)")
            case .didReceiveData(let data): names.append("data \(String(decoding: data, as: UTF8.self))")
            case .didSendBodyData: names.append("sent")
            case .taskIsWaitingForConnectivity: names.append("waiting for connectivity")
            case .didFinishCollecting(let metrics): names.append("metrics \(metrics.redirectCount)")
            case .didComplete(let error): names.append("complete \(error == nil)")
            case .willCacheResponse: names.append("will-cache")
            default: break
            }
        }
        #expect(
            names == [
                "redirect 302 -> /end", "response 200", "data ab", "data cd", "will-cache", "metrics 1",
                "complete true",
            ])
        await session.finishTasksAndInvalidate()
    }

    @Test func delegateSeesTheSameOrderAndCompletionIsLast() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/start", response: .redirect(to: "/end", status: 307))
        stubs.stub(.get, "https://api.test/end", response: .text("xyz"))
        let delegate = RecordingDelegate()
        let session = stubbedSession(stubs, delegate: delegate)
        let task = session.makeDataTask(with: try Request("https://api.test/start"))
        task.resume()
        _ = try await task.value
        #expect(delegate.recorded == ["redirect 307", "response 200", "data 3", "metrics", "complete ok"])
        await session.finishTasksAndInvalidate()
        #expect(delegate.invalidated.withLock { $0 })
    }

    @Test func delegateCanCancelOnResponse() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .text("body"))
        let delegate = RecordingDelegate(response: .cancel)
        let session = stubbedSession(stubs, delegate: delegate)
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/"))
        }
        #expect(error?.code == .cancelled)
        #expect(delegate.recorded.last == "complete cancelled")
        #expect(!delegate.recorded.contains { $0.hasPrefix("data") })
        await session.finishTasksAndInvalidate()
    }

    @Test func cancellingASuspendedTaskCompletesItOnce() async throws {
        let stubs = StubProtocolHandler()
        let delegate = RecordingDelegate()
        let session = stubbedSession(stubs, delegate: delegate)
        let task = session.makeDataTask(with: try Request("https://api.test/"))
        task.cancel()
        task.cancel()
        task.resume()
        let error = await #expect(throws: CourierError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(error?.outcome == .notSent)
        #expect(delegate.recorded == ["complete cancelled"])
        #expect(stubs.receivedRequests.isEmpty)
        await session.finishTasksAndInvalidate()
    }

    @Test func cancellingARunningTask() async throws {
        let held = HeldProtocolHandler()
        let session = heldSession(held)
        let task = session.makeDataTask(with: try Request("https://api.test/"))
        task.resume()
        await held.waitForArrivals()
        task.cancel()
        let error = await #expect(throws: CourierError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        await session.finishTasksAndInvalidate()
    }

    @Test func cancellingTheCallerCancelsTheRequest() async throws {
        let held = HeldProtocolHandler()
        let session = heldSession(held)
        let caller = Task { try await session.data(for: try Request("https://api.test/")) }
        await held.waitForArrivals()
        caller.cancel()
        let result = await caller.result
        #expect(throws: CourierError.self) { try result.get() }
        await session.finishTasksAndInvalidate()
    }

    /// A watchdog on a clock the test moves: no test waits out a real timeout, and none expires early because the
    /// machine is busy.
    func manualWatchdog() -> (Watchdog, ManualWatchdogClock) {
        let clock = ManualWatchdogClock()
        return (Watchdog(clock: clock), clock)
    }

    @Test func idleTimeoutFiresWithTimedOut() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: StubResponse.text("late").delayed(by: .seconds(600)))
        let (watchdog, clock) = manualWatchdog()
        let session = stubbedSession(stubs) {
            $0.timeoutIntervalForRequest = 30
            $0.retryPolicy = .none
            $0.watchdog = watchdog
        }
        // The stub answers after 10 minutes: only the watchdog can end this early, with timedOut. (No retries:
        // a retry would wait for another 30 s of this clock.)
        let caller = Task { try await session.data(for: try Request("https://api.test/")) }
        await clock.waitForSleeper()
        clock.advance(by: 29)
        await clock.waitForSleeper()
        clock.advance(by: 2)
        let result = await caller.result
        let error = #expect(throws: CourierError.self) { try result.get() }
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("30 s") == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func perRequestTimeoutOverridesTheSession() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: StubResponse.text("late").delayed(by: .seconds(600)))
        let (watchdog, clock) = manualWatchdog()
        let session = stubbedSession(stubs) {
            $0.retryPolicy = .none
            $0.watchdog = watchdog
        }
        var request = try Request("https://api.test/")
        request.timeout = 0.1
        let caller = Task { try await session.data(for: request) }
        await clock.waitForSleeper()
        clock.advance(by: 0.2)
        let result = await caller.result
        let error = #expect(throws: CourierError.self) { try result.get() }
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("0.1") == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func resourceTimeoutBoundsTheWholeTask() async throws {
        let stubs = StubProtocolHandler()
        let chunks = (0..<100).map { _ in Data("x".utf8) }
        stubs.stub(matching: { _ in true }, response: .chunks(chunks, delay: .milliseconds(50)))
        let (watchdog, clock) = manualWatchdog()
        let session = stubbedSession(stubs) {
            $0.timeoutIntervalForRequest = 60
            $0.timeoutIntervalForResource = 10
            $0.watchdog = watchdog
        }
        // Bytes keep coming, so the idle clock never runs out; the resource deadline ends the task anyway.
        let caller = Task { try await session.data(for: try Request("https://api.test/")) }
        await clock.waitForSleeper()
        clock.advance(by: 11)
        let result = await caller.result
        let error = #expect(throws: CourierError.self) { try result.get() }
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("resource timeout") == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func suspendPausesAndResumeContinues() async throws {
        let stubs = StubProtocolHandler()
        let chunks = (0..<10).map { _ in Data("y".utf8) }
        stubs.stub(matching: { _ in true }, response: .chunks(chunks, delay: .milliseconds(10)))
        // The idle clock while suspended is covered by WatchdogTests with a driven clock.
        let session = stubbedSession(stubs)
        let task = session.makeDataTask(with: try Request("https://api.test/"))
        let events = task.events
        task.resume()
        for await event in events {
            if case .didReceiveData = event { break }
        }
        task.suspend()
        #expect(task.state == .suspended)
        let before = task.progress.totalBytesReceived
        // Time passing is the point: the stub would deliver the rest in 100 ms if the task were not paused.
        try await Task.sleep(for: .milliseconds(300))
        let during = task.progress.totalBytesReceived
        #expect(during <= before + 1)
        task.resume()
        let response = try await task.value
        #expect(response.data.count == 10)
        await session.finishTasksAndInvalidate()
    }

    @Test func completionHandlerRunsOnTheGivenQueue() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .text("queued"))
        let session = stubbedSession(stubs)
        let queue = DispatchQueue(label: "test.completion")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "mine")
        let result: (String?, Bool) = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: try! Request("https://api.test/"), queue: queue) { result in
                let text = try? result.get().text
                continuation.resume(returning: (text, DispatchQueue.getSpecific(key: key) == "mine"))
            }
            task.resume()
        }
        #expect(result.0 == "queued")
        #expect(result.1)
        await session.finishTasksAndInvalidate()
    }

    @Test func synchronousCallRefusesAsyncContexts() async throws {
        let session = Session(configuration: .ephemeral)
        let request = try Request("https://api.test/")
        let error = #expect(throws: CourierError.self) {
            try callSynchronously(session, request)
        }
        #expect(error?.code == .callIsBlocking)
        await session.finishTasksAndInvalidate()
    }

    @Test func synchronousCallWorksOnAPlainThread() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .text("blocking"))
        let session = stubbedSession(stubs)
        let request = try Request("https://api.test/")
        let text: String? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: try? callSynchronously(session, request).text)
            }
        }
        #expect(text == "blocking")
        await session.finishTasksAndInvalidate()
    }

    @Test func invalidatedSessionsRefuseNewTasks() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .text("ok"))
        let session = stubbedSession(stubs)
        await session.finishTasksAndInvalidate()
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/"))
        }
        #expect(error?.code == .sessionInvalidated)
        #expect(error?.message.contains("invalidated") == true)
    }

    @Test func finishTasksAndInvalidateWaitsForRunningTasks() async throws {
        let held = HeldProtocolHandler(answer: "done")
        let delegate = RecordingDelegate()
        let session = heldSession(held, delegate: delegate)
        let task = session.makeDataTask(with: try Request("https://api.test/"))
        task.resume()
        await held.waitForArrivals()
        // The request is in flight and held; it is let go only once invalidation has begun, so invalidation
        // must wait for it. Invalidation's start has no event: look for its mark, yielding between looks.
        let invalidation = Task { await session.finishTasksAndInvalidate() }
        let deadline = ContinuousClock.now + .seconds(30)
        while !session.core.isInvalidated, ContinuousClock.now < deadline { await Task.yield() }
        #expect(task.state == .running)
        held.release()
        await invalidation.value
        #expect(task.state == .completed)
        #expect(task.error == nil)
        #expect(task.response?.text == "done")
        #expect(delegate.invalidated.withLock { $0 })
    }

    @Test func invalidateAndCancelCancelsRunningTasks() async throws {
        let held = HeldProtocolHandler()
        let session = heldSession(held)
        let tasks = try (0..<3).map { _ in session.makeDataTask(with: try Request("https://api.test/")) }
        tasks.forEach { $0.resume() }
        await held.waitForArrivals(3)
        #expect(session.allTasks.count == 3)
        await session.invalidateAndCancel()
        for task in tasks {
            #expect(task.error?.code == .cancelled)
        }
        #expect(session.allTasks.isEmpty)
    }

    @Test func interceptorsAdaptRequests() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        let session = stubbedSession(stubs) { configuration in
            configuration.interceptors = [
                RequestAdapter { request in
                    var signed = request
                    try signed.setValue("sig-\(request.url.path)", forHTTPHeaderField: "X-Signature")
                    return signed
                }
            ]
        }
        _ = try await session.data(for: try Request("https://api.test/orders"))
        #expect(stubs.receivedRequests.first?.value(forHTTPHeaderField: "X-Signature") == "sig-/orders")
        await session.finishTasksAndInvalidate()
    }

    @Test func networkInterceptorsSeeEveryHop() async throws {
        final class Counter: Interceptor {
            let seen = Mutex<[String]>([])
            func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
                seen.withLock { $0.append(request.url.path) }
                return try await chain.proceed(request)
            }
        }
        let counter = Counter()
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/a", response: .redirect(to: "/b"))
        stubs.stub(.get, "https://api.test/b", response: .status(200))
        let session = stubbedSession(stubs) { $0.networkInterceptors = [counter] }
        _ = try await session.data(for: try Request("https://api.test/a"))
        #expect(counter.seen.withLock { $0 } == ["/a", "/b"])
        await session.finishTasksAndInvalidate()
    }

    @Test func protocolHandlersAreAskedInReverseRegistrationOrder() async throws {
        let first = StubProtocolHandler()
        first.stub(matching: { _ in true }, response: .text("first"))
        let second = StubProtocolHandler()
        second.stub(matching: { _ in true }, response: .text("second"))
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [first, second]
        let session = Session(configuration: configuration)
        let response = try await session.data(for: try Request("https://api.test/"))
        #expect(response.text == "second")
        await session.finishTasksAndInvalidate()
    }

    @Test func customSchemeGetsTheWholeChain() async throws {
        struct ReverseHandler: ProtocolHandler {
            func canHandle(_ request: Request) -> Bool { request.url.scheme == "reverse" }
            func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
                let text = String((request.url.host ?? "").reversed())
                client.didReceive(Response(status: .ok, headerFields: [.contentType: "text/plain"], url: request.url))
                await client.didLoad(Data(text.utf8))
                client.didFinishLoading()
            }
        }
        let recorder = HARRecorder()
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [ReverseHandler()]
        configuration.eventMonitors = [recorder]
        let session = Session(configuration: configuration)
        let response = try await session.data(for: try Request("reverse://courier"))
        #expect(response.text == "reiruoc")
        #expect(response.metrics?.transactionMetrics.first?.resourceFetchType == .localHandler)
        #expect(recorder.entryCount == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func unknownSchemesAreUnsupported() async throws {
        let session = Session(configuration: .ephemeral)
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("gopher://example.com/"))
        }
        #expect(error?.code == .unsupportedURL)
        await session.finishTasksAndInvalidate()
    }

    @Test func bytesStreamsBeforeTheBodyEnds() async throws {
        let stubs = StubProtocolHandler()
        let chunks = (0..<5).map { Data("line \($0)\n".utf8) }
        stubs.stub(
            matching: { _ in true }, response: .chunks(chunks, contentType: "text/plain", delay: .milliseconds(5)))
        let session = stubbedSession(stubs)
        let response = try await session.bytes(for: try Request("https://api.test/"))
        #expect(response.status == .ok)
        var lines: [String] = []
        for try await line in response.stream.lines { lines.append(line) }
        #expect(lines == (0..<5).map { "line \($0)" })
        await session.finishTasksAndInvalidate()
    }

    @Test func abandoningAStreamCancelsTheTask() async throws {
        let stubs = StubProtocolHandler()
        let chunks = (0..<1000).map { _ in Data(count: 1024) }
        stubs.stub(matching: { _ in true }, response: .chunks(chunks))
        let session = stubbedSession(stubs)
        do {
            let response = try await session.bytes(for: try Request("https://api.test/"))
            var iterator = response.stream.makeAsyncIterator()
            _ = try await iterator.next()
        }
        // The task completes (cancelled) instead of running forever.
        await session.finishTasksAndInvalidate()
        #expect(session.allTasks.isEmpty)
    }

    @Test func bodyLargerThanTheLimitFails() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .data(Data(count: 2048)))
        let session = stubbedSession(stubs) { $0.maximumResponseBodySize = 1000 }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/"))
        }
        #expect(error?.code == .dataLengthExceedsMaximum)
        await session.finishTasksAndInvalidate()
    }

    @Test func sessionStaysUsableAfterFailures() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/bad", response: .failure(.networkConnectionLost))
        stubs.stub(.get, "https://api.test/good", response: .text("fine"))
        let session = stubbedSession(stubs)
        for _ in 0..<3 {
            await #expect(throws: CourierError.self) {
                try await session.data(for: try Request("https://api.test/bad"))
            }
            #expect(try await session.data(for: try Request("https://api.test/good")).text == "fine")
        }
        await session.finishTasksAndInvalidate()
    }
}

/// A plain synchronous function, so tests can show what happens when async code reaches the blocking call.
private func callSynchronously(_ session: Session, _ request: Request) throws -> Response {
    try session.synchronousData(for: request)
}
