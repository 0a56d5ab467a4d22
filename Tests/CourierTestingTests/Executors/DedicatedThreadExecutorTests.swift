import CourierTesting
import Foundation
import Synchronization
import Testing

@Suite("DedicatedThreadExecutor")
struct DedicatedThreadExecutorTests {
    @TaskLocal static var marker = "unset"

    @Test func workRunsOnItsThreadKeepingTheTasksLocals() async throws {
        let executor = DedicatedThreadExecutor(name: "courier.test")
        #expect(!executor.isCurrentThread)
        let seen = await Self.$marker.withValue("set") {
            await withTaskExecutorPreference(executor) {
                // Across a suspension the work comes back to the same thread.
                let before = executor.isCurrentThread
                await Task.yield()
                return (before, executor.isCurrentThread, Self.marker)
            }
        }
        #expect(seen.0 && seen.1)
        #expect(seen.2 == "set")
    }

    final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    @Test func busyWorkThereLeavesThePoolFree() async throws {
        let executor = DedicatedThreadExecutor(name: "courier.test")
        let flag = Flag()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // One spinner per core, each until a task on the pool raises the flag (or 10 s pass): on the pool
        // they would take every thread and the flag would wait for the deadline; on the executor they
        // take turns on its one thread, and the pool stays free to raise it.
        let spun = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<cores {
                group.addTask {
                    await withTaskExecutorPreference(executor) {
                        let deadline = Date().addingTimeInterval(10)
                        while !flag.raised.load(ordering: .acquiring), Date() < deadline {}
                        return flag.raised.load(ordering: .acquiring)
                    }
                }
            }
            let raiser = Task.detached { flag.raised.store(true, ordering: .releasing) }
            await raiser.value
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(spun == Array(repeating: true, count: cores))
    }
}
