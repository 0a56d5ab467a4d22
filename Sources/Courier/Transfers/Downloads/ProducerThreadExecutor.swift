import Dispatch
import NIOCore
import NIOPosix

/// A task executor that runs a job on the SwiftNIO event loop that woke it, and anywhere else on a
/// global queue.
///
/// A download's receive loop runs with this preference: the event loop that reads a chunk from the socket
/// resumes the loop on its own thread, which hands the chunk to the ``DownloadWriter`` and asks for the
/// next one at once — no hop to another thread and back for every 64 KiB chunk. The loop does nothing slow
/// there (the file is written on the writer's queue, delegate callbacks about written bytes come from that
/// queue too), so the event loop is not held up.
final class ProducerThreadExecutor: TaskExecutor {
    static let shared = ProducerThreadExecutor()

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        if let loop = MultiThreadedEventLoopGroup.currentEventLoop {
            // Runs after what the loop is doing now, on its thread: nothing to wake.
            loop.execute { job.runSynchronously(on: executor) }
        } else {
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
        }
    }
}
