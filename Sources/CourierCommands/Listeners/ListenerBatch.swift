/// What an exception listener collects while it asks the application: the first failed command opens the question,
/// and every one that fails while it is open joins the batch that the one answer then applies to.
struct ListenerBatch {
    /// The commands waiting for the answer, with the error each failed with.
    private(set) var collected: [(job: CommandJob, error: any Error)] = []
    /// How many questions were opened.
    private(set) var questionCount = 0
    private var isAsking = false
    private let onChange: (@Sendable (Int) -> Void)?

    /// Creates an empty batch; `onChange` is told the number of waiting commands whenever it changes.
    init(onChange: (@Sendable (Int) -> Void)?) {
        self.onChange = onChange
    }

    /// Adds a failed command.
    ///
    /// - Returns: `true` when the command opens a question (none was open), which the caller then asks.
    mutating func add(_ job: CommandJob, error: any Error) -> Bool {
        collected.append((job, error))
        onChange?(collected.count)
        guard !isAsking else { return false }
        isAsking = true
        questionCount += 1
        return true
    }

    /// Closes the question and returns everything collected while it was open, leaving the batch empty.
    mutating func close() -> [(job: CommandJob, error: any Error)] {
        let batch = collected
        collected = []
        isAsking = false
        onChange?(0)
        return batch
    }
}
