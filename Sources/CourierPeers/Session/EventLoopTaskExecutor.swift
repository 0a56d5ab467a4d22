import NIOCore

/// A task executor that runs jobs on one NIO event loop: a task that prefers it
/// (`withTaskExecutorPreference(_:operation:)`) runs on the loop's thread between its I/O.
///
/// A session's messages arrive on the event loop of their connection, and an application reads them from a task.
/// By default that task runs on Swift's shared thread pool, so each message crosses threads twice: the loop wakes a
/// pool thread for the event, and the pool thread wakes the loop to write the reply. Create the session on a single
/// loop and read its events in a task that prefers this executor, and both crossings go away (about 20–30 µs less
/// per round trip on the benchmark machine; see docs/BENCHMARKS.md):
///
/// ```swift
/// let loop = MultiThreadedEventLoopGroup.singleton.next()
/// let session = try PeerSession(sessionID: "chat", eventLoopGroup: loop)
/// try await session.start()
/// await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
///     for await event in session.events {
///         if case .data(let bytes, let peer, _) = event { try? await session.send(bytes, to: [peer.id]) }
///     }
/// }
/// ```
///
/// The task then shares the loop with every connection of the session: work that blocks, or takes long between
/// two suspension points, stalls their I/O. Keep such work in tasks of their own. The loop must also outlive every
/// task that prefers it: NIO drops a job scheduled on a loop that has shut down (it prints an error), and the task
/// that job belonged to never resumes.
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    public let eventLoop: any EventLoop

    /// Creates an executor for `eventLoop`.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Runs the job on the event loop, after what the loop already has queued.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
