import Foundation

/// What happens to a task, in the order URLSession documents: redirects, the response, data,
/// progress, metrics, and completion — always last and exactly once.
///
/// ```swift
/// let task = session.makeDataTask(with: request)
/// let events = task.events
/// task.resume()
/// for await event in events {
///     if case .didReceiveData(let chunk) = event { print("got \(chunk.count) bytes") }
/// }
/// ```
public enum TaskEvent: Sendable {
    /// A server or proxy asked for credentials (the decision is the delegate's; this reports it).
    case didReceiveChallenge(AuthenticationChallenge)
    /// A redirect is about to be followed (after the delegate agreed) to `newRequest`.
    case willPerformHTTPRedirection(response: Response, newRequest: Request)
    /// The final response head arrived.
    case didReceiveResponse(Response)
    /// A chunk of the body arrived (chunks follow no protocol boundary).
    case didReceiveData(Data)
    /// Upload progress; totals start again when the body is re-sent after a challenge or redirect.
    case didSendBodyData(bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64?)
    /// The task found no network and waits for it (``SessionConfiguration/waitsForConnectivity``); sent
    /// at most once per task, before the request goes out.
    case taskIsWaitingForConnectivity
    /// A response is about to be stored in the HTTP cache (data and upload tasks; the decision is the
    /// delegate's ``SessionDelegate/session(_:task:willCacheResponse:)``; this reports the proposal).
    case willCacheResponse(CachedResponse)
    /// A download task saved body bytes: this chunk, the total in the file (including bytes kept from
    /// an earlier attempt), and the entity's total length when known.
    case didWriteData(bytesWritten: Int64, totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64?)
    /// A download task continues from resume data: `fileOffset` bytes were kept (the server answered
    /// `206 Partial Content`); sent before the first ``didWriteData(bytesWritten:totalBytesWritten:totalBytesExpectedToWrite:)``.
    case didResumeAtOffset(fileOffset: Int64, expectedTotalBytes: Int64?)
    /// A download task saved the whole body at `location` (its destination, or for a download without one
    /// a temporary file that is removed as soon as the delegate's callback returns).
    case didFinishDownloading(to: URL)
    /// The task's metrics, just before completion.
    case didFinishCollecting(TaskMetrics)
    /// The task ended: `nil` on success.
    case didComplete(CourierError?)
}

/// What a data task does with a response, decided in ``SessionDelegate/session(_:task:didReceive:)-8k3ji``.
public enum ResponseDisposition: Sendable {
    /// Go on and receive the body.
    case allow
    /// Cancel the task (it completes with `cancelled`).
    case cancel
    /// Save the body to a file instead of collecting it (URLSession's `becomeDownload`): the task reports
    /// ``SessionTask/Kind-swift.enum/download`` from then on, sends download events, and its response
    /// has ``Response/Body-swift.enum/file(_:)`` as body. `nil` saves to a temporary file handed to
    /// ``SessionDelegate/session(_:downloadTask:didFinishDownloadingTo:)`` and removed after it returns.
    /// Only tasks made with ``Session/makeDataTask(with:)`` or ``Session/makeUploadTask(with:from:)`` can
    /// become downloads. Such a download can be continued later (resume data) only if its request asked
    /// for `Accept-Encoding: identity`, so that the bytes saved are the entity itself.
    case becomeDownload(to: URL?)
}

/// Decisions and notifications for a session's tasks, in callback form (``SessionTask/events`` carries
/// the same notifications as a stream). Every method has a default, so implement only what you need.
public protocol SessionDelegate: AnyObject, Sendable {
    /// A redirect arrived. Return the request to follow (possibly modified), or `nil` to refuse: the 3xx
    /// response then becomes the final response. Default: follow `newRequest`.
    func session(
        _ session: Session, task: SessionTask, willPerformHTTPRedirection response: Response,
        newRequest: Request
    ) async -> Request?
    /// A challenge for the whole session (NTLM, Negotiate, client certificates, server trust). Return
    /// `nil` (the default) to let ``session(_:task:didReceive:)-(_,_,AuthenticationChallenge)`` decide.
    func session(_ session: Session, didReceive challenge: AuthenticationChallenge) async -> ChallengeDisposition?
    /// A challenge for one task (Basic, Digest, Bearer, and session-level ones the session method left).
    /// Default: `.performDefaultHandling`.
    func session(_ session: Session, task: SessionTask, didReceive challenge: AuthenticationChallenge) async
        -> ChallengeDisposition
    /// The final response head arrived. Default: `.allow`.
    func session(_ session: Session, task: SessionTask, didReceive response: Response) async -> ResponseDisposition
    /// A chunk of the body arrived.
    func session(_ session: Session, task: SessionTask, didReceive data: Data)
    /// Body bytes were handed to the connection.
    func session(
        _ session: Session, task: SessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64?)
    /// A response of a data or upload task is about to be stored in the HTTP cache, after its whole body
    /// arrived. Return it unchanged, a changed copy (another ``CachedResponse/storagePolicy``, your
    /// ``CachedResponse/userInfo``, even other data), or `nil` to keep it out of the cache. Default: store
    /// it as proposed.
    func session(_ session: Session, task: SessionTask, willCacheResponse proposedResponse: CachedResponse) async
        -> CachedResponse?
    /// A download task saved body bytes (see ``TaskEvent/didWriteData(bytesWritten:totalBytesWritten:totalBytesExpectedToWrite:)``).
    func session(
        _ session: Session, downloadTask: SessionTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64?)
    /// A download task continues from resume data, keeping `fileOffset` bytes.
    func session(
        _ session: Session, downloadTask: SessionTask, didResumeAtOffset fileOffset: Int64, expectedTotalBytes: Int64?)
    /// A download task saved the whole body at `location`. For a download without a destination the file is
    /// temporary: move it away before returning, it is removed afterwards.
    func session(_ session: Session, downloadTask: SessionTask, didFinishDownloadingTo location: URL)
    /// The task's metrics, right before completion.
    func session(_ session: Session, task: SessionTask, didFinishCollecting metrics: TaskMetrics)
    /// The task ended (`nil` on success). Always the last call for a task.
    func session(_ session: Session, task: SessionTask, didCompleteWithError error: CourierError?)
    /// The task found no network and waits for it instead of failing (``SessionConfiguration/waitsForConnectivity``);
    /// called at most once per task.
    func session(_ session: Session, taskIsWaitingForConnectivity task: SessionTask)
    /// The session was invalidated; it has let go of the delegate.
    func session(_ session: Session, didBecomeInvalidWithError error: (any Error)?)
    /// A durable session has reported every transfer it found on disk when it attached (see
    /// ``DurableEvent/didFinishEvents``); called once per session.
    func sessionDidFinishEvents(forDurableSession session: Session)
}

extension SessionDelegate {
    /// Follows every redirect as proposed: returns `newRequest` unchanged (the redirect interceptor has already
    /// rewritten the method and stripped credentials that must not cross origins).
    public func session(
        _ session: Session, task: SessionTask, willPerformHTTPRedirection response: Response,
        newRequest: Request
    ) async -> Request? { newRequest }
    /// Leaves session-wide challenges to the per-task method: returns `nil`.
    public func session(_ session: Session, didReceive challenge: AuthenticationChallenge) async
        -> ChallengeDisposition?
    { nil }
    /// Returns `.performDefaultHandling`: the session uses the proposed credential (from the URL, the credential
    /// store or the session) once, and gives up with `userAuthenticationRequired` if it fails again.
    public func session(_ session: Session, task: SessionTask, didReceive challenge: AuthenticationChallenge) async
        -> ChallengeDisposition
    { .performDefaultHandling }
    /// Lets every response through: returns `.allow`.
    public func session(_ session: Session, task: SessionTask, didReceive response: Response) async
        -> ResponseDisposition
    { .allow }
    /// Does nothing; the body is still delivered to the task's caller and its ``SessionTask/events``.
    public func session(_ session: Session, task: SessionTask, didReceive data: Data) {}
    /// Does nothing; progress is also in ``SessionTask/progress`` and the task's events.
    public func session(
        _ session: Session, task: SessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64?
    ) {}
    /// Stores the response as proposed: returns `proposedResponse` unchanged.
    public func session(_ session: Session, task: SessionTask, willCacheResponse proposedResponse: CachedResponse)
        async -> CachedResponse?
    { proposedResponse }
    /// Does nothing.
    public func session(
        _ session: Session, downloadTask: SessionTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64?
    ) {}
    /// Does nothing.
    public func session(
        _ session: Session, downloadTask: SessionTask, didResumeAtOffset fileOffset: Int64, expectedTotalBytes: Int64?
    ) {}
    /// Does nothing. A temporary file is then removed when this returns, so a delegate that wants the file must
    /// implement this method and move it.
    public func session(_ session: Session, downloadTask: SessionTask, didFinishDownloadingTo location: URL) {}
    /// Does nothing; the metrics are also in ``SessionTask/metrics`` once the task completes.
    public func session(_ session: Session, task: SessionTask, didFinishCollecting metrics: TaskMetrics) {}
    /// Does nothing; the outcome also reaches the caller that awaited the task.
    public func session(_ session: Session, task: SessionTask, didCompleteWithError error: CourierError?) {}
    /// Does nothing; the task keeps waiting for connectivity until its resource timeout.
    public func session(_ session: Session, taskIsWaitingForConnectivity task: SessionTask) {}
    /// Does nothing.
    public func session(_ session: Session, didBecomeInvalidWithError error: (any Error)?) {}
    /// Does nothing.
    public func sessionDidFinishEvents(forDurableSession session: Session) {}
}

/// Observes every task of a session (logging, HAR recording, metrics export). Monitors see events;
/// they cannot change decisions.
public protocol EventMonitor: Sendable {
    /// A task started running.
    func taskDidStart(_ task: SessionTask)
    /// A task emitted an event.
    func task(_ task: SessionTask, didEmit event: TaskEvent)
}

extension EventMonitor {
    /// Does nothing: a monitor that only needs events can ignore task starts.
    public func taskDidStart(_ task: SessionTask) {}
}
