import Dispatch
import NIOCore
import NIOPosix

/// A task executor that runs a job on the SwiftNIO event loop that woke it, and anywhere else on a
/// global queue.
///
/// A download's receive loop runs with this preference: the event loop that reads a chunk from the socket
/// resumes the loop, which then writes the chunk to the file on that same thread and asks for the next
/// one — receiving and writing alternate on one thread, as curl does, instead of handing every chunk
/// between two threads (on a small machine the hand-off and the cache misses of moving 64 KiB across cores
/// cost more than the write). The price is that the event loop waits while a chunk is written, which is
/// why only downloads use it: a page-cache write of one chunk takes tens of microseconds.
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
