import Foundation
import Synchronization

/// Everything the chain needs to know about the task it works for: events, delegate decisions,
/// metrics, progress and the watchdog. One per task run.
final class TaskContext: Sendable {
    let task: SessionTask
    let session: Session
    var core: SessionCore { session.core }
    let timer: Watchdog.Timer

    private struct MetricsState {
        var start = Date()
        var transactions: [TransactionMetrics] = []
        var redirectCount = 0
        var retryCount = 0
        var anyRequestStarted = false
    }

    private let metrics = Mutex(MetricsState())
    /// Set once ``TaskEvent/taskIsWaitingForConnectivity`` went out: it is sent at most once per task, however
    /// many attempts (a durable download's, for one) find the network gone.
    private let announcedWaiting = Atomic<Bool>(false)

    /// Set by the retry stage while an attempt it may repeat is in flight: then an idle timeout fails only
    /// the network exchange running at the time (`timedOut`) instead of cancelling the task.
    let idleTimeoutFailsExchange = Atomic<Bool>(false)

    /// Whether the delegate or event monitors listen (fixed for the task's life).
    private let hasStandingObservers: Bool

    /// The task's span and metrics.
    let observation: TaskObservation

    /// Set when the task runs in its caller's task (``SessionTask/runInline()``): what cancels the task then, since
    /// cancelling the caller's own task would leave it cancelled. The chain's waits honour it.
    let cancellation: CancellationScope?

    init(task: SessionTask, session: Session, timer: Watchdog.Timer, cancellation: CancellationScope? = nil) {
        self.task = task
        self.session = session
        self.timer = timer
        self.cancellation = cancellation
        self.observation = session.core.observability.startTask(task.originalRequest)
        self.hasStandingObservers = session.delegate != nil || !session.configuration.eventMonitors.isEmpty
    }

    // MARK: Events

    /// Whether anybody listens to notifications (so building them is worth it).
    var isObserved: Bool {
        hasStandingObservers || task.hasEventSubscribers
    }

    /// Sends a notification to the task's event streams, the event monitors and the delegate.
    func emit(_ event: TaskEvent) {
        if case .taskIsWaitingForConnectivity = event, announcedWaiting.exchange(true, ordering: .relaxed) { return }
        task.yieldToSubscribers(event)
        for monitor in core.configuration.eventMonitors {
            monitor.task(task, didEmit: event)
        }
        guard let delegate = session.delegate else { return }
        switch event {
        case .didReceiveData(let data):
            delegate.session(session, task: task, didReceive: data)
        case .didSendBodyData(let sent, let total, let expected):
            delegate.session(
                session, task: task, didSendBodyData: sent, totalBytesSent: total,
                totalBytesExpectedToSend: expected)
        case .didFinishCollecting(let metrics):
            delegate.session(session, task: task, didFinishCollecting: metrics)
        case .didComplete(let error):
            delegate.session(session, task: task, didCompleteWithError: error)
        case .taskIsWaitingForConnectivity:
            delegate.session(session, taskIsWaitingForConnectivity: task)
        case .didWriteData(let written, let total, let expected):
            delegate.session(
                session, downloadTask: task, didWriteData: written, totalBytesWritten: total,
                totalBytesExpectedToWrite: expected)
        case .didResumeAtOffset(let offset, let expected):
            delegate.session(session, downloadTask: task, didResumeAtOffset: offset, expectedTotalBytes: expected)
        case .didFinishDownloading(let location):
            delegate.session(session, downloadTask: task, didFinishDownloadingTo: location)
        case .willPerformHTTPRedirection, .didReceiveResponse, .didReceiveChallenge, .willCacheResponse:
            break  // decisions: asked separately, with await
        }
    }

    /// Asks the delegate whether to follow a redirect (default: follow as proposed).
    func willPerformRedirection(response: Response, newRequest: Request) async -> Request? {
        guard let delegate = session.delegate else { return newRequest }
        return await delegate.session(
            session, task: task, willPerformHTTPRedirection: response,
            newRequest: newRequest)
    }

    /// Asks the delegate about a challenge: session-level methods (NTLM, Negotiate, client certificates,
    /// server trust) go to the session method first, then the task method; others to the task method.
    func decide(_ challenge: AuthenticationChallenge) async -> ChallengeDisposition {
        if isObserved { emit(.didReceiveChallenge(challenge)) }
        guard let delegate = session.delegate else { return .performDefaultHandling }
        switch challenge.protectionSpace.authenticationMethod {
        case .ntlm, .negotiate, .clientCertificate, .serverTrust:
            if let disposition = await delegate.session(session, didReceive: challenge) { return disposition }
        default:
            break
        }
        return await delegate.session(session, task: task, didReceive: challenge)
    }

    /// Whether responses of this task are offered to ``willCacheResponse(_:)``: data and upload tasks
    /// (not downloads, as in URLSession), when a delegate or an event listener is there to see them.
    var asksAboutCaching: Bool {
        switch task.kind {
        case .data, .upload: return session.delegate != nil || isObserved
        case .download: return false
        }
    }

    /// Reports a response about to be cached and asks the delegate what to store (default: as proposed).
    func willCacheResponse(_ proposed: CachedResponse) async -> CachedResponse? {
        if isObserved { emit(.willCacheResponse(proposed)) }
        guard let delegate = session.delegate else { return proposed }
        return await delegate.session(session, task: task, willCacheResponse: proposed)
    }

    // MARK: Progress and activity

    /// Records that body bytes were handed to the connection.
    func didSendBodyData(_ count: Int64) {
        timer.touch()
        let (total, expected) = task.addSent(count)
        if isObserved {
            emit(.didSendBodyData(bytesSent: count, totalBytesSent: total, totalBytesExpectedToSend: expected))
        }
    }

    /// Starts upload progress again (a body about to be sent, perhaps anew).
    func beginSendingBody(expectedLength: Int64?) {
        task.resetSent(expected: expectedLength)
    }

    // MARK: Metrics

    /// Adds an exchange; returns its index for later updates.
    func beginTransaction(_ transaction: TransactionMetrics) -> Int {
        metrics.withLock { state in
            state.transactions.append(transaction)
            state.anyRequestStarted = state.anyRequestStarted || transaction.resourceFetchType == .networkLoad
            return state.transactions.count - 1
        }
    }

    func updateTransaction(_ index: Int, _ update: (inout TransactionMetrics) -> Void) {
        metrics.withLock { state in
            guard state.transactions.indices.contains(index) else { return }
            update(&state.transactions[index])
        }
    }

    /// The index of the latest exchange (the one whose response a stage just received from below).
    var lastTransactionIndex: Int? {
        metrics.withLock { $0.transactions.isEmpty ? nil : $0.transactions.count - 1 }
    }

    /// The latest exchange's metrics so far.
    var lastTransaction: TransactionMetrics? {
        metrics.withLock { $0.transactions.last }
    }

    func recordRedirect() {
        metrics.withLock { $0.redirectCount += 1 }
    }

    func recordRetry() {
        metrics.withLock { $0.retryCount += 1 }
    }

    /// Whether any request was handed to the network (so a failure may be ambiguous).
    var anyRequestStarted: Bool { metrics.withLock { $0.anyRequestStarted } }

    func finishMetrics() -> TaskMetrics {
        metrics.withLock { state in
            TaskMetrics(
                taskInterval: DateInterval(start: state.start, end: max(Date(), state.start)),
                redirectCount: state.redirectCount,
                retryCount: state.retryCount,
                transactionMetrics: state.transactions
            )
        }
    }
}
