import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import Courier

/// `data(for:)` runs its task in the caller's own task when nothing in the chain needs a task of its own. Whatever
/// stops such a task (its watchdog, `cancel()`, invalidation, the caller's cancellation) must stop it at any wait,
/// and must leave the caller's task as it was: cancelling the caller's task would fail everything it does next.
@Suite(.timeLimit(.minutes(1))) struct InlineRunTests {
    /// A server whose first request hangs (before the head, or after it with `headFirst`) and whose later ones
    /// answer "ok"; `arrivals` yields as each request arrives.
    final class FirstHangs: Sendable {
        let headFirst: Bool
        private let count = Atomic<Int>(0)
        let arrivals: AsyncStream<Void>
        private let arrived: AsyncStream<Void>.Continuation

        init(headFirst: Bool) {
            self.headFirst = headFirst
            (arrivals, arrived) = AsyncStream<Void>.makeStream()
        }

        var handler: TestServer.Handler {
            { [self] _ in
                let number = count.add(1, ordering: .relaxed).newValue
                arrived.yield()
                if number > 1 { return .text("ok") }
                return headFirst ? .headThenHang() : .hang
            }
        }

        func waitForArrival() async {
            for await _ in arrivals { return }
        }
    }

    /// Tells when a task's response head has arrived (an event monitor does not stop a task running inline).
    final class HeadMonitor: EventMonitor {
        let heads: AsyncStream<Void>
        private let arrived: AsyncStream<Void>.Continuation

        init() { (heads, arrived) = AsyncStream<Void>.makeStream() }

        func task(_ task: SessionTask, didEmit event: TaskEvent) {
            if case .didReceiveResponse = event { arrived.yield() }
        }

        func waitForHead() async {
            for await _ in heads { return }
        }
    }

    /// A caller that loads `/` (which hangs), then whether its own task is cancelled, then `/again`: the first call's
    /// error, that flag, and the second call's text.
    static func callTwice(_ session: Session, _ server: TestServer) -> Task<(CourierError?, Bool, String?), Never> {
        Task {
            var failure: CourierError?
            do {
                _ = try await session.data(for: Request(url: server.url("/")))
            } catch {
                failure = error as? CourierError
            }
            let cancelled = Task.isCancelled
            let next = try? await session.data(for: Request(url: server.url("/again")))
            return (failure, cancelled, next?.text)
        }
    }

    @Test func aPlainSessionRunsDataTasksInline() async throws {
        try await withServer(handler: { _ in .text("ok") }) { server, session in
            let task = session.makeDataTask(with: Request(url: server.url("/")))
            #expect(task.runsInline)
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.text == "ok")
        }
    }

    /// The watchdog's expiry handler holds its task strongly (a weak reference would give every task a side
    /// table); the task lets go of its timer when it completes, so a finished task is freed, whether it
    /// succeeded, failed or was cancelled.
    @Test func aFinishedTaskIsFreed() async throws {
        try await withServer(configure: { $0.retryPolicy = .none }, handler: { _ in .text("ok") }) { server, session in
            weak var succeeded: SessionTask?
            weak var failed: SessionTask?
            weak var cancelled: SessionTask?
            do {
                let task = session.makeDataTask(with: Request(url: server.url("/")))
                succeeded = task
                #expect(try await session.run(task).text == "ok")
            }
            do {
                let task = session.makeDataTask(with: try Request("http://127.0.0.1:1/"))
                failed = task
                await #expect(throws: CourierError.self) { try await session.run(task) }
            }
            do {
                let task = session.makeDataTask(with: Request(url: server.url("/")))
                cancelled = task
                task.cancel()
                await #expect(throws: CourierError.self) { try await session.run(task) }
            }
            #expect(succeeded == nil)
            #expect(failed == nil)
            #expect(cancelled == nil)
        }
    }

    @Test(arguments: [false, true])
    func anIdleTimeoutEndsTheCallButNotTheCallersTask(headFirst: Bool) async throws {
        let idleClock = ManualWatchdogClock()
        let server = FirstHangs(headFirst: headFirst)
        let monitor = HeadMonitor()
        try await withServer(
            configure: {
                $0.timeoutIntervalForRequest = 30
                $0.retryPolicy = .none
                $0.watchdog = Watchdog(clock: idleClock)
                $0.eventMonitors = [monitor]
            }, handler: server.handler
        ) { testServer, session in
            let caller = Self.callTwice(session, testServer)
            await server.waitForArrival()
            // The head restarts the idle clock: it must have arrived before the clock moves, or the move would
            // count from before it and the timeout would never come.
            if headFirst { await monitor.waitForHead() }
            await idleClock.waitForSleeper()
            idleClock.advance(by: 31)
            let (failure, callerCancelled, next) = await caller.value
            #expect(failure?.code == .timedOut)
            #expect(!callerCancelled)
            #expect(next == "ok")
        }
    }

    @Test(arguments: [false, true])
    func cancellingTheTaskFromOutsideEndsTheCallButNotTheCallersTask(headFirst: Bool) async throws {
        let server = FirstHangs(headFirst: headFirst)
        try await withServer(configure: { $0.retryPolicy = .none }, handler: server.handler) { testServer, session in
            let caller = Self.callTwice(session, testServer)
            await server.waitForArrival()
            for task in session.allTasks { task.cancel() }
            let (failure, callerCancelled, next) = await caller.value
            #expect(failure?.code == .cancelled)
            #expect(!callerCancelled)
            #expect(next == "ok")
        }
    }

    @Test func cancellingTheCallersTaskEndsTheCall() async throws {
        let server = FirstHangs(headFirst: true)
        try await withServer(handler: server.handler) { testServer, session in
            let caller = Task { try await session.data(for: Request(url: testServer.url("/"))) }
            await server.waitForArrival()
            caller.cancel()
            let error = await #expect(throws: CourierError.self) { try await caller.value }
            #expect(error?.code == .cancelled)
        }
    }

    @Test func invalidatingTheSessionEndsACallWaitingForItsBody() async throws {
        let server = FirstHangs(headFirst: true)
        let testServer = try await TestServer.start(handler: server.handler)
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        let session = Session(configuration: configuration)
        let caller = Task { try await session.data(for: Request(url: testServer.url("/"))) }
        await server.waitForArrival()
        await session.invalidateAndCancel()
        let error = await #expect(throws: CourierError.self) { try await caller.value }
        #expect(error?.code == .cancelled)
        try await testServer.shutdown()
    }

    @Test func aRetriedRequestsIdleTimeoutStillFailsJustTheExchange() async throws {
        // The retry stage's scope for the exchange sits under the task's: an idle timeout ends the first exchange,
        // and the retry then succeeds in the same call.
        let idleClock = ManualWatchdogClock()
        let server = FirstHangs(headFirst: false)
        try await withServer(
            configure: {
                $0.timeoutIntervalForRequest = 30
                $0.retryPolicy = RetryPolicy(maximumRetries: 1, baseDelay: 0, maximumDelay: 0)
                $0.watchdog = Watchdog(clock: idleClock)
            }, handler: server.handler
        ) { testServer, session in
            let caller = Task { try await session.data(for: Request(url: testServer.url("/"))) }
            await server.waitForArrival()
            await idleClock.waitForSleeper()
            idleClock.advance(by: 31)
            let response = try await caller.value
            #expect(response.text == "ok")
        }
    }
}

/// A caller on an actor does not lend it to the request: the task runs in a task of its own there, as it always did,
/// and in the calling task only for a caller on no actor.
@Suite(.timeLimit(.minutes(1))) struct InlineRunOnActorTests {
    actor Caller {
        func load(_ session: Session, _ url: URL) async throws -> String? {
            try await session.data(for: Request(url: url)).text
        }
    }

    @MainActor func loadOnTheMainActor(_ session: Session, _ url: URL) async throws -> String? {
        try await session.data(for: Request(url: url)).text
    }

    @Test(arguments: ["none", "actor", "main actor"])
    func onlyACallerOnNoActorRunsTheTaskInItsOwnTask(caller: String) async throws {
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        try await withServer(handler: { _ in
            arrived.yield()
            return .hang
        }) { server, session in
            let actor = Caller()
            let url = server.url("/")
            let loading = Task {
                switch caller {
                case "actor": try await actor.load(session, url)
                case "main actor": try await loadOnTheMainActor(session, url)
                default: try await session.data(for: Request(url: url)).text
                }
            }
            for await _ in arrivals { break }
            let task = try #require(session.allTasks.first)
            #expect(task.isRunningInline == (caller == "none"))
            loading.cancel()
            _ = await loading.result
        }
    }
}
