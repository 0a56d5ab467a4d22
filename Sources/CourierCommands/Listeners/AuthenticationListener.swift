import Courier

/// The exception listener for authentication: commands that hit a 401 (or found nobody logged in) are
/// collected; the application's login handler is asked once — a login view — and while it is open, more
/// such commands join the batch. A successful login resubmits them all as fresh copies; a cancelled or
/// failed login fails them all. A login command's own failure never comes here, and only one login is
/// asked for at a time.
///
/// ```swift
/// let listener = AuthenticationListener { prompt in
///     guard let (user, password) = await showLoginView() else { return .cancel }
///     return .login(LoginCommand(baseURL: api, username: user, password: password))
/// }
/// ```
public actor AuthenticationListener {
    /// What the login handler decided.
    public enum Decision: Sendable {
        /// Run this login command (through the queue, ahead of the line); success resubmits the batch.
        case login(any Command)
        /// The user cancelled: fail the batch with `userCancelledAuthentication`.
        case cancel
    }

    /// What the login handler is told.
    public struct Prompt: Sendable {
        /// The failure that opened the login.
        public var error: any Error
        /// How many commands wait for the login so far.
        public var waitingCount: Int
    }

    private let prompt: @Sendable (Prompt) async -> Decision
    private var batch: ListenerBatch

    /// How many times the login handler was asked.
    public var promptCount: Int { batch.questionCount }

    /// Creates the listener.
    ///
    /// - Parameters:
    ///   - onChange: Told the number of commands waiting for the login whenever it changes.
    ///   - prompt: The login handler: called once per batch, never twice at a time.
    public init(
        onChange: (@Sendable (Int) -> Void)? = nil, prompt: @escaping @Sendable (Prompt) async -> Decision
    ) {
        self.prompt = prompt
        self.batch = ListenerBatch(onChange: onChange)
    }

    /// How many commands wait for the login.
    public var waitingCount: Int { batch.collected.count }

    func collect(_ job: CommandJob, error: any Error, queue: CommandQueue) {
        guard batch.add(job, error: error) else { return }
        let prompt = Prompt(error: error, waitingCount: batch.collected.count)
        Task { await self.authenticate(prompt, queue: queue) }
    }

    private func authenticate(_ request: Prompt, queue: CommandQueue) async {
        let failure: CourierError?
        switch await prompt(request) {
        case .cancel:
            failure = CourierError(
                .userCancelledAuthentication, outcome: .notSent,
                message: "the login was cancelled, so the request was not sent again")
        case .login(let command):
            do {
                try await queue.runLogin(command)
                failure = nil
            } catch {
                failure = CourierError(
                    .userAuthenticationRequired, outcome: .notSent,
                    message: "the login failed (\(error)), so the request was not sent again", underlyingError: error)
            }
        }
        for (job, original) in batch.close() {
            if var failure {
                failure.request = (original as? CourierError)?.request
                await queue.fail(job, with: failure)
            } else {
                await queue.resubmit(job)
            }
        }
    }
}
