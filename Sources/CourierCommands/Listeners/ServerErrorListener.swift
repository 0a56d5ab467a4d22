import Courier

/// The exception listener for server errors (transport failures and HTTP error statuses): the first
/// failure asks the application once — typically a dialog with "Retry" and "Cancel" — and every failure
/// that arrives while the question is open joins it, so the user is never bombarded with one alert per
/// request. Then all collected commands are resubmitted as fresh copies (``Decision/retryAll``) or each
/// fails with its own error (``Decision/cancelAll``).
///
/// ```swift
/// let listener = ServerErrorListener { prompt in
///     await MainActor.run { showRetryDialog(for: prompt.error) }  // returns .retryAll or .cancelAll
/// }
/// ```
public actor ServerErrorListener {
    /// What to do with the collected commands.
    public enum Decision: Hashable, Sendable {
        /// Resubmit every collected command.
        case retryAll
        /// Fail every collected command with its error.
        case cancelAll
    }

    /// What the application is asked about.
    public struct Prompt: Sendable {
        /// The failure that opened the question.
        public var error: any Error
        /// The command that failed first.
        public var commandID: CommandID
    }

    private let decide: @Sendable (Prompt) async -> Decision
    private var batch: ListenerBatch

    /// How many times the application has been asked.
    public var decisionCount: Int { batch.questionCount }

    /// Creates the listener.
    ///
    /// - Parameters:
    ///   - onChange: Told the number of commands waiting for the decision whenever it changes (to update a
    ///     dialog's text; 0 once decided).
    ///   - decide: Asks the application; called once per batch of failures, never twice at a time.
    public init(
        onChange: (@Sendable (Int) -> Void)? = nil, decide: @escaping @Sendable (Prompt) async -> Decision
    ) {
        self.decide = decide
        self.batch = ListenerBatch(onChange: onChange)
    }

    /// How many commands wait for the decision.
    public var waitingCount: Int { batch.collected.count }

    func collect(_ job: CommandJob, error: any Error, queue: CommandQueue) {
        guard batch.add(job, error: error) else { return }
        let prompt = Prompt(error: error, commandID: job.id)
        Task { await self.resolve(prompt, queue: queue) }
    }

    private func resolve(_ prompt: Prompt, queue: CommandQueue) async {
        let decision = await decide(prompt)
        // Everything collected while the question was open gets the same answer.
        for (job, error) in batch.close() {
            switch decision {
            case .retryAll: await queue.resubmit(job)
            case .cancelAll: await queue.fail(job, with: error)
            }
        }
    }
}
