import Foundation
import Synchronization

/// A task executor with a thread of its own: for CPU-heavy test work that would otherwise hold one of the
/// cooperative pool's threads for seconds, and for in-process servers (``TestServer`` serves on two of
/// these), which must answer promptly however busy the pool is.
///
/// Swift's pool has one thread per core and runs each job until it suspends, so a synchronous test
/// that computes for two seconds keeps every job queued behind it — the in-process servers and the
/// sessions of the tests running beside it — waiting, and a machine with two cores can make them
/// wait long enough to trip their timeouts. Work run here is time-sliced with the pool by the kernel
/// instead. The task keeps its task-local values, so a test's expectations are recorded as usual:
///
/// ```swift
/// try await withTaskExecutorPreference(DedicatedThreadExecutor.shared) {
///     #expect(try heavyComputation() == expected)
/// }
/// ```
///
/// Jobs run one at a time, in the order they arrive; the thread lives as long as the process.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// One thread shared by every test that asks for it, so that heavy tests take turns rather than
    /// competing with each other and with the pool.
    public static let shared = DedicatedThreadExecutor(name: "courier.dedicated")

    /// The threads ``TestServer`` serves on (servers take them in turn), apart from the pool and from
    /// ``shared``, so neither busy tests nor heavy test work delays a server's answers.
    static let servers = [
        DedicatedThreadExecutor(name: "courier.test-server.0"), DedicatedThreadExecutor(name: "courier.test-server.1"),
    ]
    private static let nextServer = Atomic<Int>(0)

    /// The executor for the next server started.
    static func nextServerExecutor() -> DedicatedThreadExecutor {
        servers[nextServer.add(1, ordering: .relaxed).oldValue % servers.count]
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var thread: pthread_t?

    /// Starts the thread.
    public init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Whether the caller is running on this executor's thread.
    public var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Queues a job to run on the executor's thread, in order.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() -> Never {
        condition.lock()
        thread = pthread_self()
        condition.unlock()
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
