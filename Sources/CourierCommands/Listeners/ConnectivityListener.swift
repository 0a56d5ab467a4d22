import Courier

/// The exception listener for lost connectivity: commands that failed because there is no network are
/// parked, and resubmitted (as fresh copies) when ``Reachability`` reports the network back — each one
/// once per return of the network. A command parked while the network is already back and that was not
/// yet resubmitted in this period is resubmitted at once (the network came back between its failure and
/// its parking).
///
/// ```swift
/// let listener = ConnectivityListener(reachability: reachability) { waiting in
///     Task { @MainActor in offlineBanner.isHidden = waiting == 0 }
/// }
/// ```
public actor ConnectivityListener {
    private let reachability: any ReachabilitySource
    private let onChange: (@Sendable (Int) -> Void)?
    private var parked: [(job: CommandJob, error: any Error)] = []
    private var watch: Task<Void, Never>?
    private var wasConnected: Bool?
    /// Counts the returns of the network; a job is resubmitted at most once per epoch.
    private var epoch = 0

    /// How many times parked commands were resubmitted because the network came back.
    public private(set) var resubmissionCount = 0

    /// Creates the listener.
    ///
    /// - Parameters:
    ///   - reachability: Where "the network is back" comes from (``ReachabilityStatus/hasNetwork``).
    ///   - onChange: Told the number of parked commands whenever it changes.
    public init(reachability: any ReachabilitySource, onChange: (@Sendable (Int) -> Void)? = nil) {
        self.reachability = reachability
        self.onChange = onChange
    }

    deinit {
        watch?.cancel()
    }

    /// How many commands are parked.
    public var waitingCount: Int { parked.count }

    /// Fails every parked command with its error (the user gave up waiting).
    public func cancelAll(queue: CommandQueue) async {
        let batch = parked
        parked = []
        onChange?(0)
        for (job, error) in batch { await queue.fail(job, with: error) }
    }

    func collect(_ job: CommandJob, error: any Error, queue: CommandQueue) async {
        let connected = await reachability.currentStatus().hasNetwork
        // The network is there and this job has not been resubmitted since it last came back: the
        // network returned between the failure and now.
        if connected, job.connectivityEpoch != epoch, wasConnected != false {
            job.connectivityEpoch = epoch
            await queue.resubmit(job)
            return
        }
        parked.append((job, error))
        onChange?(parked.count)
        startWatching(queue: queue, connected: connected)
    }

    private func startWatching(queue: CommandQueue, connected: Bool) {
        guard watch == nil else { return }
        // Only a change from here on counts as "the network came back".
        wasConnected = connected
        let updates = reachability.updates()
        // Weak references: the queue holds this listener, the watch must not hold the queue.
        watch = Task { [weak self, weak queue] in
            for await status in updates {
                guard let self, let queue else { return }
                await self.statusChanged(status, queue: queue)
            }
        }
    }

    private func statusChanged(_ status: ReachabilityStatus, queue: CommandQueue) async {
        let connected = status.hasNetwork
        defer { wasConnected = connected }
        guard connected, wasConnected != true else { return }
        epoch += 1
        let batch = parked
        parked = []
        guard !batch.isEmpty else { return }
        onChange?(0)
        resubmissionCount += 1
        for (job, _) in batch {
            job.connectivityEpoch = epoch
            await queue.resubmit(job)
        }
    }
}
