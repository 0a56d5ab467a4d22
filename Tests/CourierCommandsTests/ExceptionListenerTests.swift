import Courier
import CourierCommands
import CourierTesting
import Foundation
import Synchronization
import Testing

@Suite("Exception listeners")
struct ExceptionListenerTests {
    /// Ten commands that fail together with a 503 on their first run and succeed when resubmitted.
    func tenFailingCommands(log: RunLog) -> [ScriptedCommand] {
        (0..<10).map { index in
            ScriptedCommand(id: CommandID("job-\(index)"), log: log) { attempt in
                if attempt == 0 { throw serverError(503) }
                return "job \(index) done"
            }
        }
    }

    @Test func tenCommandsFailingAtOnceProduceOneDecisionAndAreRetried() async throws {
        let log = RunLog()
        let collected = Countdown(10)
        let prompts = Mutex(0)
        let listener = ServerErrorListener(onChange: { collected.update($0) }) { prompt in
            prompts.withLock { $0 += 1 }
            // The dialog stays up until all ten failures have arrived.
            await collected.wait()
            return .retryAll
        }
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 10, serverErrors: listener)
        var handles: [CommandHandle<String>] = []
        for command in tenFailingCommands(log: log) {
            handles.append(await queue.submit(command))
        }
        for (index, handle) in handles.enumerated() {
            #expect(try await handle.value == "job \(index) done")
        }
        #expect(prompts.withLock { $0 } == 1)
        #expect(await listener.decisionCount == 1)
        // Each command ran twice: the original, then one fresh copy; no instance ran twice.
        for index in 0..<10 {
            #expect(log.starts(of: CommandID("job-\(index)")) == 2)
        }
        #expect(log.all.filter { if case .copied = $0 { true } else { false } }.count == 10)
        #expect(log.reruns == 0)
    }

    @Test func cancelAllFailsEachWithItsOwnError() async throws {
        let log = RunLog()
        let collected = Countdown(10)
        let listener = ServerErrorListener(onChange: { collected.update($0) }) { _ in
            await collected.wait()
            return .cancelAll
        }
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 10, serverErrors: listener)
        var handles: [CommandHandle<String>] = []
        for index in 0..<10 {
            handles.append(
                await queue.submit(ScriptedCommand(log: log) { _ in throw serverError(500 + index % 5) }))
        }
        for (index, handle) in handles.enumerated() {
            let error = await #expect(throws: CourierError.self) { try await handle.value }
            #expect(error?.kind == .http(status: 500 + index % 5))
        }
        #expect(await listener.decisionCount == 1)
        #expect(await listener.waitingCount == 0)
    }

    @Test func failuresThatAreNotServerErrorsReachTheCallerDirectly() async throws {
        let log = RunLog()
        let listener = ServerErrorListener { _ in .retryAll }
        let queue = CommandQueue(context: makeContext(), serverErrors: listener)
        let error = await #expect(throws: CourierError.self) {
            try await queue.run(
                ScriptedCommand(log: log) { _ in
                    throw CourierError(.applicationError, kind: .application, message: "insufficient funds")
                })
        }
        #expect(error?.code == .applicationError)
        #expect(await listener.decisionCount == 0)
        #expect(CommandFailureKind(CourierError(.timedOut, message: "slow")) == .server)
        #expect(CommandFailureKind(CourierError(.cancelled, message: "stop")) == .final)
        #expect(CommandFailureKind(serverError(401)) == .authentication)
        #expect(CommandFailureKind(CourierError(.notConnectedToInternet, message: "offline")) == .connectivity)
        #expect(CommandFailureKind(CocoaError(.fileNoSuchFile)) == .final)
    }

    @Test func connectivityResubmitsEachParkedCommandOnceWhenTheNetworkReturns() async throws {
        let network = ManualReachability(.unreachable)
        let parked = Countdown(5)
        let listener = ConnectivityListener(reachability: network) { parked.update($0) }
        let context = makeContext(reachability: network)
        let queue = CommandQueue(context: context, maximumConcurrentCommands: 5, connectivity: listener)
        let log = RunLog()
        var handles: [CommandHandle<String>] = []
        for index in 0..<5 {
            let command = ScriptedCommand(id: CommandID("sync-\(index)"), log: log) { _ in
                // The pattern's pre-check: no request is sent without a network.
                try await context.requireNetwork(for: "api.example.com")
                return "synced \(index)"
            }
            handles.append(await queue.submit(command))
        }
        await parked.wait()
        #expect(await listener.waitingCount == 5)
        // A change that is still no network does nothing.
        network.set(.reachable(via: .loopbackOnly))
        network.set(.reachable(via: .cellular))
        for (index, handle) in handles.enumerated() {
            #expect(try await handle.value == "synced \(index)")
        }
        for index in 0..<5 {
            #expect(log.starts(of: CommandID("sync-\(index)")) == 2, "one run, then one resubmission")
        }
        #expect(await listener.resubmissionCount == 1)
        #expect(log.reruns == 0)
    }

    @Test func aCommandThatKeepsFindingNoNetworkIsNotResubmittedInALoop() async throws {
        let network = ManualReachability(.reachable(via: .wifi))
        let parked = Countdown(1)
        let listener = ConnectivityListener(reachability: network) { parked.update($0) }
        let queue = CommandQueue(context: makeContext(reachability: network), connectivity: listener)
        let log = RunLog()
        // Fails with "no network" although reachability says there is one (no route to this host).
        let command = ScriptedCommand(log: log) { _ in
            throw CourierError(.notConnectedToInternet, outcome: .failed, message: "ENETUNREACH")
        }
        let handle = await queue.submit(command)
        await parked.wait()
        // Resubmitted once at once (the network looked fine), then parked until the network comes back.
        #expect(log.starts(of: command.id) == 2)
        await listener.cancelAll(queue: queue)
        let error = await #expect(throws: CourierError.self) { try await handle.value }
        #expect(error?.code == .notConnectedToInternet)
    }
}
