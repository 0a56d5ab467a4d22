import Foundation

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
