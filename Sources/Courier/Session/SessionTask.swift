import Foundation
import NIOCore
import NIOFoundationCompat
import Synchronization

/// One load: created suspended, run by ``resume()``, observable through ``events`` or the session's
/// delegate, and finished exactly once.
///
/// ```swift
/// let task = session.makeDataTask(with: request)
/// task.resume()
/// let response = try await task.value
/// ```
public final class SessionTask: Sendable, Identifiable, Hashable, CustomStringConvertible {
    /// What a task transfers.
    public enum Kind: Sendable, Hashable {
        /// Loads a response into memory or streams it to the caller (``Session/data(for:)``,
        /// ``Session/makeDataTask(with:)``).
        case data
        /// Sends a body from memory, a file or a stream, and receives the response like a data task.
        case upload
        /// Saves the body to a file (``Session/makeDownloadTask(with:to:resumingFrom:)``, or a data task whose delegate
        /// answered ``ResponseDisposition/becomeDownload(to:)``).
        case download
    }

    /// Where a task is in its life.
    public enum State: Sendable, Hashable {
        /// Created and not running (or paused by ``SessionTask/suspend()``).
        case suspended
        /// Running: connecting, sending, or receiving.
        case running
        /// Cancelled, finishing.
        case canceling
        /// Finished, with a response or an ``SessionTask/error``; a completed task never runs again.
        case completed
    }

    /// How the body reaches the caller.
    enum Delivery: Sendable {
        /// Collected into memory.
        case collect
        /// Streamed through a channel; the head goes to the waiter as soon as it arrives.
        case stream(BoundedChannel<ByteBuffer>)
    }

    enum CancelReason: Sendable {
        case user
        case expired(Watchdog.Expiry)
        case invalidated
    }

    struct MutableState {
        var lifecycle = TaskStateMachine()
        var pauseWaiters: [CheckedContinuation<Void, Never>] = []
        var currentRequest: Request
        var response: Response?
        var error: CourierError?
        var result: Result<Response, CourierError>?
        var progress = TaskProgress()
        var runTask: Task<Void, Never>?
        /// What cancels the task while it runs in its caller's task (``runInline()``).
        var inlineScope: CancellationScope?
        var completionWaiters: [CheckedContinuation<Response, any Error>] = []
        var headWaiters: [CheckedContinuation<Response, any Error>] = []
        var headDelivered = false
        var subscribers: [Int: AsyncStream<TaskEvent>.Continuation] = [:]
        var nextSubscriberID = 0
        var completionHandler: (@Sendable (Result<Response, CourierError>) -> Void)?
        var timer: Watchdog.Timer?
        var taskDescription: String?
        var metrics: TaskMetrics?
        var download: DownloadJob?
        var durableTransferID: String?
    }

    /// A number unique among the tasks of its session.
    public let taskIdentifier: Int
    /// What the task transfers (a data task that became a download reports `.download` from then on).
    public var kind: Kind { mutable.withLock { $0.download != nil ? .download : initialKind } }
    private let initialKind: Kind
    /// The request as the task was created with it.
    public let originalRequest: Request
    /// The session that made the task.
    public let session: Session
    let delivery: Delivery
    let mutable: Mutex<MutableState>
    /// Set once anybody took ``events``; read without a lock on the hot path.
    private let subscribed = Atomic<Bool>(false)

    init(
        session: Session, identifier: Int, kind: Kind, request: Request, delivery: Delivery,
        download: DownloadJob? = nil
    ) {
        self.session = session
        self.taskIdentifier = identifier
        self.initialKind = kind
        self.originalRequest = request
        self.delivery = delivery
        var state = MutableState(currentRequest: request)
        state.download = download
        self.mutable = Mutex(state)
    }

    /// The download this task does, if it is (or became) a download task.
    var downloadJob: DownloadJob? { mutable.withLock { $0.download } }

    /// In a durable session, the name of the transfer's record (stable across processes, the same in
    /// ``DurableTransferReport/id``); `nil` before the task started and for tasks that are not recorded.
    public var durableTransferID: String? { mutable.withLock { $0.durableTransferID } }

    func setDurableTransferID(_ id: String) {
        mutable.withLock { $0.durableTransferID = id }
    }

    /// The task's identity for `Identifiable`: its ``taskIdentifier``.
    public var id: Int { taskIdentifier }

    /// Two tasks are equal only when they are the same object.
    public static func == (lhs: SessionTask, rhs: SessionTask) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The task's number, method, URL (credentials removed) and state, for logs.
    public var description: String {
        "SessionTask #\(taskIdentifier) \(originalRequest.method.rawValue) \(originalRequest.url.redactingCredentials.absoluteString) (\(state))"
    }

    // MARK: State

    /// Where the task is in its life now.
    public var state: State { mutable.withLock { $0.lifecycle.state } }
    /// The request being sent now (after adaptation and redirects).
    public var currentRequest: Request { mutable.withLock { $0.currentRequest } }
    /// The response head once it arrived; after success, with the collected body.
    public var response: Response? { mutable.withLock { $0.response } }
    /// Why the task failed, once it did.
    public var error: CourierError? { mutable.withLock { $0.error } }
    /// Bytes sent and received so far.
    public var progress: TaskProgress { mutable.withLock { $0.progress } }
    /// The task's metrics once it completed.
    public var metrics: TaskMetrics? { mutable.withLock { $0.metrics } }
    /// A label of your own, for logs.
    public var taskDescription: String? {
        get { mutable.withLock { $0.taskDescription } }
        set { mutable.withLock { $0.taskDescription = newValue } }
    }

    /// Starts the task, or continues it after ``suspend()``.
    public func resume() {
        enum Action {
            case start
            case unpause([CheckedContinuation<Void, Never>], Watchdog.Timer?)
            case nothing
        }
        let action: Action = mutable.withLock { state in
            switch state.lifecycle.resume() {
            case .start:
                return .start
            case .unpause:
                let waiters = state.pauseWaiters
                state.pauseWaiters = []
                return .unpause(waiters, state.timer)
            case .nothing:
                return .nothing
            }
        }
        switch action {
        case .start:
            start()
        case .unpause(let waiters, let timer):
            timer?.setPaused(false)
            for waiter in waiters { waiter.resume() }
        case .nothing:
            break
        }
    }

    /// Pauses a running task: no more body bytes are read (the server is held back by TCP flow
    /// control) and the idle timeout stops until ``resume()``.
    public func suspend() {
        let timer: Watchdog.Timer? = mutable.withLock { state in
            state.lifecycle.suspend() ? state.timer : nil
        }
        timer?.setPaused(true)
    }

    /// Cancels the task; it completes with `cancelled`.
    public func cancel() {
        cancel(reason: .user)
    }

    func cancel(reason: CancelReason) {
        enum Action {
            case completeNow
            case cancelRunning(Task<Void, Never>?, CancellationScope?, [CheckedContinuation<Void, Never>])
            case nothing
        }
        let action: Action = mutable.withLock { state in
            switch state.lifecycle.cancel(reason) {
            case .completeNow:
                return .completeNow
            case .cancelRunning:
                let waiters = state.pauseWaiters
                state.pauseWaiters = []
                return .cancelRunning(state.runTask, state.inlineScope, waiters)
            case .nothing:
                return .nothing
            }
        }
        switch action {
        case .completeNow:
            session.core.taskStarted(self)
            let error = CourierError(
                .cancelled, outcome: .notSent, message: "the task was cancelled before it started",
                request: originalRequest)
            complete(.failure(error), context: nil)
        case .cancelRunning(let runTask, let scope, let waiters):
            for waiter in waiters { waiter.resume() }
            runTask?.cancel()
            scope?.cancel()
        case .nothing:
            break
        }
    }

    /// Waits for the task to complete and returns its response (with the collected body).
    /// Does not start the task: call ``resume()``.
    public var value: Response {
        get async throws {
            // Already complete (always so after an inline run): no continuation to make and resume.
            if let result = mutable.withLock({ $0.result }) { return try result.get() }
            return try await withCheckedThrowingContinuation { continuation in
                let result: Result<Response, CourierError>? = mutable.withLock { state in
                    if let result = state.result { return result }
                    state.completionWaiters.append(continuation)
                    return nil
                }
                if let result { continuation.resume(with: result.mapError { $0 as any Error }) }
            }
        }
    }

    // MARK: Events

    /// The task's events as a stream that ends after ``TaskEvent/didComplete(_:)``.
    /// Take it before ``resume()`` to see every event; each access makes a new stream.
    public var events: AsyncStream<TaskEvent> {
        let (stream, continuation) = AsyncStream<TaskEvent>.makeStream(bufferingPolicy: .unbounded)
        let id: Int? = mutable.withLock { state in
            if state.lifecycle.state == .completed { return nil }
            state.nextSubscriberID += 1
            state.subscribers[state.nextSubscriberID] = continuation
            subscribed.store(true, ordering: .relaxed)
            return state.nextSubscriberID
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.mutable.withLock { $0.subscribers.removeValue(forKey: id) }
            }
        } else {
            continuation.finish()
        }
        return stream
    }

    var hasEventSubscribers: Bool { subscribed.load(ordering: .relaxed) }

    func yieldToSubscribers(_ event: TaskEvent) {
        guard hasEventSubscribers else { return }
        let subscribers = mutable.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    // MARK: Progress

    func addSent(_ count: Int64) -> (Int64, Int64?) {
        mutable.withLock { state in
            state.progress.totalBytesSent += count
            return (state.progress.totalBytesSent, state.progress.totalBytesExpectedToSend)
        }
    }

    func resetSent(expected: Int64?) {
        mutable.withLock { state in
            state.progress.totalBytesSent = 0
            state.progress.totalBytesExpectedToSend = expected
        }
    }

    func setCurrentRequest(_ request: Request) {
        mutable.withLock { $0.currentRequest = request }
    }

    // MARK: Running

    func setCompletionHandler(_ handler: @escaping @Sendable (Result<Response, CourierError>) -> Void) {
        mutable.withLock { $0.completionHandler = handler }
    }

    private func start() {
        guard let timer = prepareRun() else { return }
        let priority: TaskPriority =
            originalRequest.priority >= .high ? .high : (originalRequest.priority <= .low ? .low : .medium)
        // Start right here until the first suspension (saves a hop through the global executor). The
        // task is created outside the lock: it runs synchronously and takes the lock itself.
        let runTask = Task.immediate(priority: priority) { [self] in
            await self.run(timer: timer, scope: nil)
        }
        let cancelledMeanwhile: Bool = mutable.withLock { state in
            if state.lifecycle.state != .completed { state.runTask = runTask }
            return state.lifecycle.isCancelled
        }
        if cancelledMeanwhile { runTask.cancel() }
    }

    /// Whether ``Session/data(for:)`` and the uploads may run this task in the caller's own task
    /// (``runInline()``): when nothing in the chain can wait on code that knows only task cancellation — no
    /// delegate, no interceptors or protocol handlers of the application's, no durable record — and the body is
    /// collected in memory.
    var runsInline: Bool {
        guard case .collect = delivery, session.delegate == nil, session.durable == nil,
            session.durableAttachError == nil, !session.core.hasApplicationInterceptors,
            !session.core.hasCustomHandlers
        else { return false }
        return mutable.withLock { $0.download == nil }
    }

    /// Whether the task is running in its caller's task now (``runInline()``).
    var isRunningInline: Bool { mutable.withLock { $0.inlineScope != nil } }

    /// Starts the task and runs it to completion in the caller's task, instead of a task of its own: the caller
    /// then waits for no hand-off between threads when it ends (one per request, a large share of a short
    /// request's cost). ``cancel()``, the watchdog and invalidation stop it through a ``CancellationScope``, which
    /// leaves the caller's task uncancelled. Does nothing if the task was already started.
    nonisolated(nonsending) func runInline() async {
        let starts: Bool = mutable.withLock { state in
            if case .start = state.lifecycle.resume() { return true }
            return false
        }
        guard starts, let timer = prepareRun() else { return }
        let scope = CancellationScope()
        let cancelledMeanwhile: Bool = mutable.withLock { state in
            if state.lifecycle.state != .completed { state.inlineScope = scope }
            return state.lifecycle.isCancelled
        }
        if cancelledMeanwhile { scope.cancel() }
        await run(timer: timer, scope: scope)
    }

    /// Counts the task as started and makes its watchdog timer; nil when it completed at once instead (a
    /// session that could not attach its durable store, or was invalidated).
    private func prepareRun() -> Watchdog.Timer? {
        let session = self.session
        if let attachError = session.durableAttachError {
            session.core.taskStarted(self)
            var error = attachError
            error.request = originalRequest
            complete(.failure(error), context: nil)
            return nil
        }
        guard session.core.taskStarted(self) else {
            let error = CourierError(
                .sessionInvalidated, outcome: .notSent,
                message: "the session was invalidated; create a new session for new tasks",
                request: originalRequest)
            complete(.failure(error), context: nil)
            return nil
        }
        // Read field by field: copying the whole configuration costs a retain and release of each of its parts.
        let timer = Watchdog.Timer(
            idleTimeout: originalRequest.timeout ?? session.configuration.timeoutIntervalForRequest,
            resourceTimeout: session.configuration.timeoutIntervalForResource,
            clock: session.configuration.watchdog.clock
        ) { [self] expiry in
            // Strong: a weak reference would give every task a side table (an allocation, and slower reference
            // counting for the task's whole life). The cycle task → timer → handler → task ends when the task
            // completes and lets go of its timer (`complete`); `InlineRunTests.aFinishedTaskIsFreed` checks it.
            cancel(reason: .expired(expiry))
        }
        mutable.withLock { $0.timer = timer }
        return timer
    }

    private nonisolated(nonsending) func run(timer: Watchdog.Timer, scope: CancellationScope?) async {
        let watchdog = session.configuration.watchdog
        watchdog.register(timer)
        defer { watchdog.unregister(timer) }
        let context = TaskContext(task: self, session: session, timer: timer, cancellation: scope)
        for monitor in session.configuration.eventMonitors { monitor.taskDidStart(self) }
        let durable = session.durable
        var durableRetries = 0
        while true {
            do {
                let isDurableDownload = durable != nil && downloadJob != nil
                if isDurableDownload {
                    // Nothing is in flight while the record is written (synchronously, to disk): the idle
                    // clock stops until the attempt starts, as it does between attempts.
                    timer.setPaused(true)
                }
                try durable?.record(self)
                let response: Response
                if isDurableDownload {
                    response = try await durableDownloadAttempt(context: context)
                } else {
                    response = try await attempt(context: context, afterHead: nil)
                }
                durable?.markFinished(self, response: response)
                complete(.success(response), context: context)
            } catch {
                var failure = finalError(for: error, context: context)
                if let download = downloadJob { failure = download.conclude(failure) }
                if let durable, let download = downloadJob,
                    await durable.retriesDownload(
                        after: failure, task: self, retries: &durableRetries, context: context)
                {
                    // Continue from the bytes on disk (or from nothing when they cannot be checked).
                    let next = DownloadJob(destination: download.destination, resumeData: failure.downloadResumeData)
                    mutable.withLock { $0.download = next }
                    // Progress counts the next response against its own length, as a resumed download does.
                    resetReceiveProgress()
                    continue
                }
                if case .stream(let channel) = delivery { channel.finish(throwing: failure) }
                complete(.failure(failure), context: context)
            }
            return
        }
    }

    /// Sends the request and receives the response: the body collected, streamed to the caller, or saved
    /// to a file. Returns the response to complete the task with.
    nonisolated(nonsending) func attempt(context: TaskContext, afterHead: (@Sendable () -> Void)?) async throws
        -> Response
    {
        var request = originalRequest
        if let download = downloadJob { request = try download.begin(request) }
        let prepared = try session.core.prepare(request, isDownload: downloadJob != nil)
        setCurrentRequest(prepared)
        var response = try await session.core.execute(prepared, context: context)
        afterHead?()
        let head = response.withoutBody
        let expectedLength = head.expectedContentLength
        mutable.withLock { state in
            state.response = head
            state.currentRequest = head.request ?? state.currentRequest
            state.progress.totalBytesExpectedToReceive = expectedLength
        }
        if let delegate = session.delegate {
            let disposition = await delegate.session(session, task: self, didReceive: head)
            switch disposition {
            case .allow:
                break
            case .cancel:
                throw CourierError(
                    .cancelled, outcome: .ambiguous, message: "the delegate cancelled the task on its response",
                    response: head)
            case .becomeDownload(let destination):
                try becomeDownload(to: destination, request: prepared)
            }
        }
        if context.isObserved { context.emit(.didReceiveResponse(head)) }
        if let download = downloadJob {
            return try await download.receive(response, task: self, context: context)
        }
        switch delivery {
        case .collect:
            if case .data(let data) = response.body {
                // Already in memory (a cache hit, a data: URL): no round trip through a byte stream.
                response.body = .data(try await accept(data, context: context))
            } else {
                response.body = .data(try await collect(response.stream, context: context))
            }
            try session.configuration.applicationErrorDetector?.check(response)
            return response
        case .stream(let channel):
            deliverHead(head)
            try await pump(response.stream, into: channel, context: context)
            channel.finish()
            return head
        }
    }

    /// Turns a data or upload task into a download when its response arrives (the delegate's
    /// ``ResponseDisposition/becomeDownload(to:)``). Streaming tasks (``Session/bytes(for:)``) stay as
    /// they are: their caller reads the body.
    private func becomeDownload(to destination: URL?, request: Request) throws {
        guard case .collect = delivery, downloadJob == nil else { return }
        // Only bytes that are the entity itself can be continued with a range later.
        let job = DownloadJob(
            destination: destination, resumeData: nil,
            allowsResuming: request.headerFields.joinedValue(for: .acceptEncoding) == "identity")
        mutable.withLock { $0.download = job }
        _ = try job.begin(originalRequest)
    }

    func checkCancelled() throws {
        if Task.isCancelled || mutable.withLock({ $0.lifecycle.isCancelled }) {
            throw CancellationError()
        }
    }

    private func complete(_ result: Result<Response, CourierError>, context: TaskContext?) {
        var result = result
        let metrics = context?.finishMetrics()
        if case .success(var response) = result {
            // The session's decoder goes with the response, for `decode(_:)` without a decoder.
            response.setCompletion(metrics: metrics, jsonDecoder: session.configuration.jsonDecoder)
            result = .success(response)
        }
        context?.observation.finish(result, metrics: metrics, method: originalRequest.method.rawValue)
        let (completionWaiters, headWaiters, handler) = mutable.withLock { state in
            state.lifecycle.complete()
            state.result = result
            state.metrics = metrics
            state.timer = nil
            switch result {
            case .success(let response): state.response = response
            case .failure(let error): state.error = error
            }
            let completion = state.completionWaiters
            let heads = state.headDelivered ? [] : state.headWaiters
            state.completionWaiters = []
            state.headWaiters = []
            let handler = state.completionHandler
            state.completionHandler = nil
            return (completion, heads, handler)
        }
        if let context {
            if context.isObserved {
                if let metrics { context.emit(.didFinishCollecting(metrics)) }
                context.emit(.didComplete(result.failureValue))
            }
        } else {
            for monitor in session.configuration.eventMonitors {
                monitor.task(self, didEmit: .didComplete(result.failureValue))
            }
            yieldToSubscribers(.didComplete(result.failureValue))
            session.delegate?.session(session, task: self, didCompleteWithError: result.failureValue)
        }
        let subscribers = mutable.withLock { state in
            let subscribers = Array(state.subscribers.values)
            state.subscribers = [:]
            state.runTask = nil
            state.inlineScope = nil
            return subscribers
        }
        for subscriber in subscribers { subscriber.finish() }
        for waiter in completionWaiters { waiter.resume(with: result.mapError { $0 as any Error }) }
        for waiter in headWaiters { waiter.resume(with: result.mapError { $0 as any Error }) }
        handler?(result)
        // A durable transfer is forgotten once reported (before the session counts it done, so that
        // invalidation finds no record of it).
        session.durable?.reported(self)
        session.core.taskCompleted(self)
    }
}

/// Bytes sent and received by a task.
public struct TaskProgress: Sendable, Hashable {
    /// Request body bytes handed to the connection so far.
    public var totalBytesSent: Int64 = 0
    /// The request body's length, when known (`nil` for a stream of unknown length).
    public var totalBytesExpectedToSend: Int64?
    /// Response body bytes received so far (as decoded for the caller).
    public var totalBytesReceived: Int64 = 0
    /// The response body's expected length from `Content-Length`, when the server sent one.
    public var totalBytesExpectedToReceive: Int64?

    /// Received over expected (sent over expected while uploading), 0…1; 0 when unknown.
    public var fractionCompleted: Double {
        if let expected = totalBytesExpectedToReceive, expected > 0 {
            return min(1, Double(totalBytesReceived) / Double(expected))
        }
        if totalBytesReceived == 0, let expected = totalBytesExpectedToSend, expected > 0 {
            return min(1, Double(totalBytesSent) / Double(expected))
        }
        return 0
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension URL {
    /// `host:port` for messages.
    var hostDescription: String {
        let host = self.host ?? absoluteString
        if let port { return "\(host):\(port)" }
        return host
    }
}
