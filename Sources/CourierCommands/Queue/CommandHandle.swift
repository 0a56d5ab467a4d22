import Courier

/// A submitted command: await its ``value`` for this command's own result (and nobody else's), or
/// ``cancel()`` it.
///
/// ```swift
/// let handle = await queue.submit(FeedCommand(baseURL: api))
/// let feed = try await handle.value
/// ```
public final class CommandHandle<Output: Sendable>: Sendable {
    /// The command's identity.
    public let id: CommandID
    let channel: ResultChannel<Output>
    let job: CommandJob
    let queue: CommandQueue

    init(id: CommandID, channel: ResultChannel<Output>, job: CommandJob, queue: CommandQueue) {
        self.id = id
        self.channel = channel
        self.job = job
        self.queue = queue
    }

    /// The final result: the output, or the error no listener could repair.
    /// - Throws: the command's final error; `CancellationError` when cancelled.
    public var value: Output {
        get async throws { try await channel.value }
    }

    /// Whether the result is in.
    public var isFinished: Bool { channel.isResolved }

    /// Cancels the command wherever it is — waiting in the queue, running, or held by a listener; ``value``
    /// throws `CancellationError` at once.
    public func cancel() {
        guard job.cancel() else { return }
        let job = self.job
        let queue = self.queue
        Task { await queue.jobCancelled(job) }
    }
}
