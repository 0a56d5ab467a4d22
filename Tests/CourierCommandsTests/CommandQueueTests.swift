import Courier
import CourierCommands
import CourierTesting
import Foundation
import Synchronization
import Testing

@Suite("Command queue")
struct CommandQueueTests {
    @Test func oneAtATimeRunsInFIFOOrderWithinAPriority() async throws {
        let log = RunLog()
        let gate = Gate()
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 1)
        // The first command holds the only slot until the rest are queued.
        let blocker = ScriptedCommand(id: CommandID("blocker"), log: log) { _ in
            await gate.wait()
            return "blocker"
        }
        let first = await queue.submit(blocker)
        var handles: [CommandHandle<String>] = []
        let plan: [(String, CommandPriority)] = [
            ("low-1", .low), ("normal-1", .normal), ("high-1", .high), ("normal-2", .normal), ("high-2", .high),
            ("low-2", .low),
        ]
        for (name, priority) in plan {
            let command = ScriptedCommand(id: CommandID(name), log: log) { _ in name }
            handles.append(await queue.submit(command, priority: priority))
        }
        #expect(await queue.waitingCount == 6)
        gate.open()
        #expect(try await first.value == "blocker")
        for (handle, (name, _)) in zip(handles, plan) {
            #expect(try await handle.value == name)
        }
        #expect(
            log.startOrder.map(\.rawValue) == ["blocker", "high-1", "high-2", "normal-1", "normal-2", "low-1", "low-2"])
    }

    @Test func theConcurrencyLimitHolds() async throws {
        let running = Mutex((now: 0, most: 0))
        let log = RunLog()
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 3)
        var handles: [CommandHandle<String>] = []
        for index in 0..<12 {
            let command = ScriptedCommand(log: log) { _ in
                running.withLock { state in
                    state.now += 1
                    state.most = max(state.most, state.now)
                }
                await Task.yield()
                running.withLock { $0.now -= 1 }
                return "\(index)"
            }
            handles.append(await queue.submit(command))
        }
        for (index, handle) in handles.enumerated() {
            #expect(try await handle.value == "\(index)")
        }
        #expect(running.withLock { $0.most } <= 3)
        #expect(await queue.runningCount == 0)
    }

    @Test func dependenciesRunFirstWhateverTheirResult() async throws {
        let log = RunLog()
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 4)
        let gate = Gate()
        let download = ScriptedCommand(id: CommandID("download"), log: log) { _ in
            await gate.wait()
            throw CourierError(.cannotDecodeContentData, kind: .payload, message: "corrupt")
        }
        let unpack = ScriptedCommand(id: CommandID("unpack"), log: log) { _ in "unpacked" }
        let report = ScriptedCommand(id: CommandID("report"), log: log) { _ in "reported" }
        let downloading = await queue.submit(download)
        let unpacking = await queue.submit(unpack, after: [download.id])
        // A dependency that is not in the queue counts as finished.
        let reporting = await queue.submit(report, after: [unpack.id, CommandID("never-submitted")])
        #expect(await queue.waitingCount == 2)
        gate.open()
        await #expect(throws: CourierError.self) { try await downloading.value }
        #expect(try await unpacking.value == "unpacked")
        #expect(try await reporting.value == "reported")
        #expect(log.startOrder.map(\.rawValue) == ["download", "unpack", "report"])
    }

    @Test func cancellationReachesWaitingAndRunningCommands() async throws {
        let log = RunLog()
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 1)
        let started = Gate()
        let running = ScriptedCommand(id: CommandID("running"), log: log) { _ in
            started.open()
            try await Task.sleep(for: .seconds(3600))
            return "never"
        }
        let waiting = ScriptedCommand(id: CommandID("waiting"), log: log) { _ in "never either" }
        let runningHandle = await queue.submit(running)
        let waitingHandle = await queue.submit(waiting)
        await started.wait()
        waitingHandle.cancel()
        await #expect(throws: CancellationError.self) { try await waitingHandle.value }
        runningHandle.cancel()
        await #expect(throws: CancellationError.self) { try await runningHandle.value }
        #expect(log.starts(of: waiting.id) == 0)

        // Cancelling the caller's task cancels its command.
        let slow = ScriptedCommand(log: log) { _ in
            try await Task.sleep(for: .seconds(3600))
            return "never"
        }
        let caller = Task { try await queue.run(slow) }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        // And the queue still works.
        #expect(try await queue.run(ScriptedCommand(log: log) { _ in "after" }) == "after")
    }

    @Test func cancelAllEmptiesTheQueue() async throws {
        let log = RunLog()
        let gate = Gate()
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 1)
        var handles: [CommandHandle<String>] = []
        for _ in 0..<5 {
            handles.append(
                await queue.submit(
                    ScriptedCommand(log: log) { _ in
                        await gate.wait()
                        return "done"
                    }))
        }
        await queue.cancelAll()
        gate.open()
        for handle in handles {
            await #expect(throws: CancellationError.self) { try await handle.value }
        }
        #expect(await queue.waitingCount == 0)
    }

    @Test func eachCallerGetsOnlyItsOwnResult() async throws {
        let log = RunLog()
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 8)
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<40 {
                group.addTask {
                    let command = ScriptedCommand(id: CommandID("avatar:\(index)"), log: log) { _ in
                        "image \(index)"
                    }
                    return (index, try await queue.run(command))
                }
            }
            for try await (index, result) in group {
                #expect(result == "image \(index)")
            }
        }
    }

    @MainActor
    @Test func commandsNeverRunOnTheCallersExecutor() async throws {
        let queue = CommandQueue(context: makeContext())
        let log = RunLog()
        let onMain = try await queue.run(ScriptedCommand(log: log) { _ in Thread.isMainThread ? "main" : "background" })
        #expect(onMain == "background")
    }
}
