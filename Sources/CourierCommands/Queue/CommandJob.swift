import Courier
import Synchronization

/// A submitted command on its way through the queue and the listeners, with its caller's result
/// channel. Type-erased so queues and listeners can hold jobs of any command type.
final class CommandJob: Sendable {
    let id: CommandID
    let priority: CommandPriority
    let dependencies: Set<CommandID>
    let isLogin: Bool

    private struct State {
        var attempts = 0
        var running: Task<Void, Never>?
        /// The connectivity listener's epoch in which this job was last resubmitted.
        var connectivityEpoch: Int?
    }

    private let state = Mutex(State())
    private let execute: @Sendable (CommandContext, Int) async -> (any Error)?
    private let resolveFailure: @Sendable (any Error) -> Bool
    private let isResolved: @Sendable () -> Bool

    init<C: Command>(
        _ command: C, priority: CommandPriority, dependencies: Set<CommandID>, isLogin: Bool,
        channel: ResultChannel<C.Output>
    ) {
        self.id = command.id
        self.priority = priority
        self.dependencies = dependencies
        self.isLogin = isLogin
        self.execute = { context, attempt in
            // An operation runs once: every resubmission runs a fresh copy.
            let instance = attempt == 0 ? command : command.copy()
            do {
                let output = try await instance.run(in: context)
                channel.resolve(.success(output))
                return nil
            } catch {
                return error
            }
        }
        self.resolveFailure = { error in channel.resolve(.failure(error)) }
        self.isResolved = { channel.isResolved }
    }

    /// Whether the caller has its result (success, failure or cancellation).
    var isFinished: Bool { isResolved() }

    /// How many times the command ran (the original and its copies).
    var attempts: Int { state.withLock { $0.attempts } }

    /// Runs the command once more; `nil` when it succeeded (the result is delivered), else the error.
    func attempt(in context: CommandContext) async -> (any Error)? {
        let number: Int = state.withLock { state in
            defer { state.attempts += 1 }
            return state.attempts
        }
        if isFinished { return CancellationError() }
        return await execute(context, number)
    }

    /// Ends the job with `error` unless it has ended; returns whether it did.
    @discardableResult
    func fail(_ error: any Error) -> Bool {
        resolveFailure(error)
    }

    /// Fails the job with `CancellationError` and cancels its run; returns whether it was still going.
    @discardableResult
    func cancel() -> Bool {
        let running = state.withLock { $0.running }
        let cancelled = fail(CancellationError())
        running?.cancel()
        return cancelled
    }

    func setRunning(_ task: Task<Void, Never>?) {
        state.withLock { $0.running = task }
    }

    var connectivityEpoch: Int? {
        get { state.withLock { $0.connectivityEpoch } }
        set { state.withLock { $0.connectivityEpoch = newValue } }
    }
}
