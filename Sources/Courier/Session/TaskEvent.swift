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
