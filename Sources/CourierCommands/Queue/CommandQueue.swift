import Courier

/// Runs commands — FIFO within a priority, higher priorities first, at most
/// ``maximumConcurrentCommands`` at a time, each after the commands it depends on — and routes their
/// failures to the exception listeners installed with it, so callers see only a success or a final
/// failure (the book's command queue, an `NSOperationQueue`, in Swift concurrency).
///
/// Commands always run in detached tasks, never on the caller's executor (a `@MainActor` caller's UI
/// stays responsive).
///
/// ```swift
/// let queue = CommandQueue(
///     context: CommandContext(session: session, reachability: Reachability()),
///     serverErrors: ServerErrorListener { prompt in await askUser(prompt) },
///     connectivity: ConnectivityListener(reachability: reachability),
///     authentication: AuthenticationListener { _ in .login(LoginCommand(baseURL: api, username: u, password: p)) })
/// let feed = try await queue.run(FeedCommand(baseURL: api))
/// ```
///
/// Dependencies name other commands by ``CommandID``; a command waits until none of them is still
/// unfinished (whatever their result, as with `NSOperation`). An identity that is not in the queue counts
/// as finished. Dependencies must not form a cycle.
public actor CommandQueue {
    /// What the commands run with.
    public nonisolated let context: CommandContext
    /// The most commands running at once.
    public nonisolated let maximumConcurrentCommands: Int

    private let serverErrors: ServerErrorListener?
    private let connectivity: ConnectivityListener?
    private let authentication: AuthenticationListener?

    private var pending: [(sequence: Int, job: CommandJob)] = []
    private var running = 0
    private var nextSequence = 0
    /// Jobs submitted and not yet finished, by object, and how many per identity (for dependencies).
    private var live: [ObjectIdentifier: CommandJob] = [:]
    private var unfinished: [CommandID: Int] = [:]

    /// Creates a queue.
    ///
    /// - Parameters:
    ///   - maximumConcurrentCommands: How many commands may run at once (at least 1; default 4).
    ///   - serverErrors: Handles transport and HTTP failures (``CommandFailureKind/server``).
    ///   - connectivity: Handles "no network" (``CommandFailureKind/connectivity``).
    ///   - authentication: Handles 401s and missing logins (``CommandFailureKind/authentication``).
    ///   Without a listener for a kind, such failures go straight to the caller.
    public init(
        context: CommandContext,
        maximumConcurrentCommands: Int = 4,
        serverErrors: ServerErrorListener? = nil,
        connectivity: ConnectivityListener? = nil,
        authentication: AuthenticationListener? = nil
    ) {
        self.context = context
        self.maximumConcurrentCommands = max(1, maximumConcurrentCommands)
        self.serverErrors = serverErrors
        self.connectivity = connectivity
        self.authentication = authentication
    }

    // MARK: Submitting

    /// Adds a command; returns its handle at once.
    ///
    /// - Parameters:
    ///   - priority: Where it goes in the line (default ``CommandPriority/normal``).
    ///   - dependencies: Commands that must finish first.
    @discardableResult
    public func submit<C: Command>(
        _ command: C, priority: CommandPriority = .normal, after dependencies: [CommandID] = []
    ) -> CommandHandle<C.Output> {
        enqueue(command, priority: priority, dependencies: dependencies, forceLogin: false)
    }

    /// Adds a command and waits for its final result. Cancelling the calling task cancels the command.
    /// - Throws: the command's final error (after the listeners had their say), or `CancellationError`.
    public func run<C: Command>(
        _ command: C, priority: CommandPriority = .normal, after dependencies: [CommandID] = []
    ) async throws -> C.Output {
        let handle = submit(command, priority: priority, after: dependencies)
        return try await withTaskCancellationHandler {
            try await handle.value
        } onCancel: {
            handle.cancel()
        }
    }

    /// Cancels every command the queue holds (waiting, running, or with a listener).
    public func cancelAll() {
        let jobs = Array(live.values)
        pending = []
        for job in jobs {
            job.cancel()
            release(job)
        }
    }

    /// How many commands wait for a free slot or their dependencies.
    public var waitingCount: Int { pending.count }

    /// How many commands run now.
    public var runningCount: Int { running }

    // MARK: For the listeners

    /// Runs a fresh copy of `job`'s command again (it goes to the back of its priority).
    func resubmit(_ job: CommandJob) {
        guard !job.isFinished else {
            release(job)
            return
        }
        nextSequence += 1
        pending.append((nextSequence, job))
        schedule()
    }

    /// Ends `job` with `error` (the caller receives it).
    func fail(_ job: CommandJob, with error: any Error) {
        job.fail(error)
        release(job)
        schedule()
    }

    /// Runs a login command ahead of the line; its failures never go to the authentication listener.
    func runLogin<C: Command>(_ command: C) async throws {
        let handle = enqueue(command, priority: .high, dependencies: [], forceLogin: true)
        _ = try await handle.value
    }

    func jobCancelled(_ job: CommandJob) {
        pending.removeAll { $0.job === job }
        release(job)
        schedule()
    }

    // MARK: Running

    private func enqueue<C: Command>(
        _ command: C, priority: CommandPriority, dependencies: [CommandID], forceLogin: Bool
    ) -> CommandHandle<C.Output> {
        let channel = ResultChannel<C.Output>()
        let job = CommandJob(
            command, priority: priority, dependencies: Set(dependencies).subtracting([command.id]),
            isLogin: forceLogin || command.isLogin, channel: channel)
        live[ObjectIdentifier(job)] = job
        unfinished[job.id, default: 0] += 1
        nextSequence += 1
        pending.append((nextSequence, job))
        schedule()
        return CommandHandle(id: job.id, channel: channel, job: job, queue: self)
    }

    private func schedule() {
        while running < maximumConcurrentCommands, let index = nextReadyIndex() {
            let job = pending.remove(at: index).job
            if job.isFinished {
                release(job)
                continue
            }
            running += 1
            let context = self.context
            let task = Task.detached(priority: job.priority.taskPriority) {
                let failure = await job.attempt(in: context)
                await self.attemptEnded(job, failure: failure)
            }
            job.setRunning(task)
        }
    }

    /// The highest-priority, earliest job whose dependencies have all finished.
    private func nextReadyIndex() -> Int? {
        var best: (index: Int, priority: CommandPriority, sequence: Int)?
        for (index, entry) in pending.enumerated()
        where entry.job.dependencies.allSatisfy({ unfinished[$0] == nil }) {
            if let current = best,
                current.priority > entry.job.priority
                    || (current.priority == entry.job.priority && current.sequence < entry.sequence)
            {
                continue
            }
            best = (index, entry.job.priority, entry.sequence)
        }
        return best?.index
    }

    private func attemptEnded(_ job: CommandJob, failure: (any Error)?) async {
        running -= 1
        job.setRunning(nil)
        guard let failure, !job.isFinished else {
            release(job)
            schedule()
            return
        }
        schedule()
        switch CommandFailureKind(failure) {
        case .authentication where !job.isLogin && authentication != nil:
            await authentication?.collect(job, error: failure, queue: self)
        case .connectivity where connectivity != nil:
            await connectivity?.collect(job, error: failure, queue: self)
        case .server where serverErrors != nil:
            await serverErrors?.collect(job, error: failure, queue: self)
        default:
            fail(job, with: failure)
        }
    }

    /// Forgets a finished job (once; later calls do nothing).
    private func release(_ job: CommandJob) {
        guard live.removeValue(forKey: ObjectIdentifier(job)) != nil else { return }
        let remaining = (unfinished[job.id] ?? 1) - 1
        unfinished[job.id] = remaining > 0 ? remaining : nil
    }
}
