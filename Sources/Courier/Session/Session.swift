import Dispatch
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The URL loading system: makes tasks that load requests through Courier's interceptor chain.
///
/// ```swift
/// let session = Session(configuration: .ephemeral)
/// let response = try await session.data(for: try Request("https://example.com/items.json"))
/// let items = try response.validate().decode([Item].self)
/// await session.finishTasksAndInvalidate()
/// ```
///
/// Three ways to run a request, as the book teaches: `async` (``data(for:)``, ``bytes(for:)``),
/// a completion handler on a queue you choose (``dataTask(with:queue:completionHandler:)``), or a task
/// with a delegate or its ``SessionTask/events`` (``makeDataTask(with:)``). A blocking
/// ``synchronousData(for:)`` exists for plain scripts only.
///
/// ## The chain
///
/// Before the chain, the task merges the session's defaults into the request (``prepare(_:)``:
/// `User-Agent`, `Accept`, `Accept-Encoding`, the additional headers, the body's `Content-Type`). Then the
/// request passes through these stages, outermost first; each sees the request on the way out and the
/// response on the way back:
///
/// 1. Your interceptors (``SessionConfiguration/interceptors``): adapters that sign requests or add tokens,
///    such as ``RequestAdapter`` and ``BearerTokenAuthenticator``. They see each request once per task.
/// 2. Retries: the ``SessionConfiguration/retryPolicy`` (idempotency, `Retry-After`, backoff), and waiting
///    for the network when ``SessionConfiguration/waitsForConnectivity`` is on. A retry runs every stage
///    below again.
/// 3. Redirects: the ``SessionConfiguration/redirectPolicy`` and the delegate's
///    ``SessionDelegate/session(_:task:willPerformHTTPRedirection:newRequest:)``; method rewriting, secret
///    header fields stripped across origins, only the ``SessionConfiguration/redirectSchemes``.
/// 4. Authentication: 401 and 407 challenges (Basic, Digest, Bearer, NTLM) answered from the URL, the
///    credential store or the delegate, once per challenge.
/// 5. Cookies: `Cookie` out and `Set-Cookie` in for every hop, under the accept policy.
/// 6. Content encoding: gzip and deflate bodies decoded as they stream, within the
///    ``DecompressionLimits``; request bodies compressed when asked.
/// 7. The HTTP cache: answers from ``SessionConfiguration/urlCache`` when the ``CachePolicy`` and RFC 9111
///    allow, revalidates with conditional requests, merges `304`s, stores while the body streams.
/// 8. Your network interceptors (``SessionConfiguration/networkInterceptors``): logging and metrics; they see
///    every exchange that goes to the network (each redirect hop and retry), never a cache hit.
/// 9. The transport: the first custom ``ProtocolHandler`` that accepts the request (in reverse registration
///    order), then `data:` and `file:`, and Courier's own connection pool (HTTP/1.1 and HTTP/2 on SwiftNIO,
///    TLS, proxies) for `http` and `https`.
///
/// After the chain, a collected body is checked by the ``SessionConfiguration/applicationErrorDetector``
/// when one is set.
public final class Session: Sendable {
    /// A copy of the configuration the session was created with.
    public let configuration: SessionConfiguration
    /// The delegate, kept until the session is invalidated.
    public var delegate: (any SessionDelegate)? { delegateStorage.value }
    let core: SessionCore
    private let delegateStorage: DelegateBox
    /// The records of a durable session; `nil` for other sessions and when attaching failed.
    let durable: DurableTransfers?
    /// Why a durable session could not attach (its identifier in use); its tasks fail with it.
    let durableAttachError: CourierError?

    /// The shared session: default configuration, no delegate. Never invalidated.
    public static let shared = Session(configuration: .default)

    /// Creates a session. The configuration is copied; changing yours afterwards changes nothing.
    public init(configuration: SessionConfiguration = .default, delegate: (any SessionDelegate)? = nil) {
        self.configuration = configuration
        self.core = SessionCore(configuration: configuration)
        self.delegateStorage = DelegateBox(delegate)
        var durable: DurableTransfers?
        var attachError: CourierError?
        if let identifier = configuration.durableIdentifier {
            do {
                let directory =
                    configuration.durableStorageDirectory
                    ?? DurableStore.defaultDirectory(for: identifier, environment: ProcessInfo.processInfo.environment)
                durable = DurableTransfers(
                    store: try DurableStore(identifier: identifier, directory: directory), configuration: configuration)
            } catch let error as CourierError {
                attachError = error
            } catch {
                attachError = CourierError(.unknown, message: "cannot attach the durable session: \(error)")
            }
        }
        self.durable = durable
        self.durableAttachError = attachError
        durable?.reattach(self)
    }

    /// Creates a session and, for a durable configuration, attaches to its identifier: re-attaches the
    /// transfers an earlier process left (see ``durableEvents``).
    /// - Throws: `durableSessionInUse` when another live session, in this process or another, has the
    ///   identifier; `invalidConfiguration` for an identifier that cannot name a directory;
    ///   `cannotWriteToFile` when the storage directory cannot be made. (``init(configuration:delegate:)``
    ///   with such a configuration makes a session whose tasks all fail with that error.)
    public convenience init(attaching configuration: SessionConfiguration, delegate: (any SessionDelegate)? = nil)
        throws
    {
        self.init(configuration: configuration, delegate: delegate)
        if let error = durableAttachError { throw error }
    }

    /// For a durable session: what it found on disk when it attached — each unfinished transfer as it is
    /// started again, each transfer's end, then ``DurableEvent/didFinishEvents`` once. Events wait here
    /// until read; the sequence ends when the session is invalidated. Empty for other sessions.
    public var durableEvents: DurableEvents {
        if let durable { return durable.events }
        let (stream, continuation) = AsyncStream<DurableEvents.Delivery>.makeStream()
        continuation.finish()
        return DurableEvents(stream: stream, store: nil)
    }

    deinit {
        core.httpTransport.shutdownInBackground()
    }

    // MARK: Tasks

    func makeTask(
        _ request: Request, kind: SessionTask.Kind, delivery: SessionTask.Delivery, download: DownloadJob? = nil
    ) -> SessionTask {
        SessionTask(
            session: self, identifier: core.nextTaskIdentifier(), kind: kind, request: request, delivery: delivery,
            download: download)
    }

    /// A data task for the request, suspended: call ``SessionTask/resume()``. Its events go to the
    /// delegate and to ``SessionTask/events``; ``SessionTask/value`` gives the response with the body.
    public func makeDataTask(with request: Request) -> SessionTask {
        makeTask(request, kind: .data, delivery: .collect)
    }

    /// An upload task sending `body` with the request, suspended: call ``SessionTask/resume()``.
    public func makeUploadTask(with request: Request, from body: RequestBody) -> SessionTask {
        var request = request
        request.body = body
        return makeTask(request, kind: .upload, delivery: .collect)
    }

    /// A data task whose result is delivered to `completionHandler` on `queue` (the book's queued
    /// asynchronous style; the caller is never blocked). Suspended: call ``SessionTask/resume()``.
    public func dataTask(
        with request: Request,
        queue: DispatchQueue = .global(),
        completionHandler: @escaping @Sendable (Result<Response, CourierError>) -> Void
    ) -> SessionTask {
        let task = makeDataTask(with: request)
        task.setCompletionHandler { result in
            queue.async { completionHandler(result) }
        }
        return task
    }

    /// The request as this session would send it: `User-Agent`, `Accept`, the additional headers and the
    /// body's `Content-Type` merged in, JSON bodies encoded (what `--offline` and `--curl` show).
    /// - Throws: `badURL` for a URL without a scheme; a payload error when a JSON body cannot be encoded.
    public func prepare(_ request: Request) throws -> Request {
        try core.prepare(request)
    }

    /// Every task that is running (or suspended after it started).
    public var allTasks: [SessionTask] { core.runningTasks }

    // MARK: async conveniences

    /// Loads a request and returns the response with its body in memory.
    /// - Throws: ``CourierError`` (transport failures, timeouts, too many redirects, cancellation).
    ///   A 4xx or 5xx answer is a response, not an error: call ``Response/validate(statusCode:contentType:)``.
    public nonisolated(nonsending) func data(for request: Request) async throws -> Response {
        try await run(makeDataTask(with: request))
    }

    /// Loads a URL with GET.
    public nonisolated(nonsending) func data(from url: URL) async throws -> Response {
        try await data(for: Request(url: url))
    }

    /// Sends `body` with the request (an upload task) and returns the response.
    public func upload(for request: Request, from body: Data) async throws -> Response {
        try await run(makeUploadTask(with: request, from: .data(body, contentType: request.body.contentType)))
    }

    /// Sends a file, streamed from disk, with the request.
    public func upload(for request: Request, fromFile file: URL) async throws -> Response {
        try await run(makeUploadTask(with: request, from: .file(file)))
    }

    /// Loads a request and returns as soon as the response head arrives; the body streams through
    /// ``Response/stream``. Stop reading early and the transfer is cancelled.
    public func bytes(for request: Request) async throws -> Response {
        let task = makeTask(request, kind: .data, delivery: .stream(BoundedChannel(capacity: 4)))
        return try await withTaskCancellationHandler {
            task.resume()
            var response = try await task.waitForHead()
            response.sessionJSONDecoder = configuration.jsonDecoder
            return response
        } onCancel: {
            task.cancel()
        }
    }

    /// Whether the calling task runs on no actor now (the isolation a `nonisolated(nonsending)` function inherits).
    private nonisolated(nonsending) static func callerIsOnNoActor() async -> Bool {
        let isolation = #isolation
        return isolation == nil
    }

    nonisolated(nonsending) func run(_ task: SessionTask) async throws -> Response {
        // Run in the calling task only when it is on no actor: on one (the main actor, say) the chain's work between
        // waits would hold it, so the task gets a task of its own there, as it always did.
        let inline = await Self.callerIsOnNoActor() && task.runsInline
        return try await withTaskCancellationHandler {
            if inline {
                await task.runInline()
            } else {
                task.resume()
            }
            // The task set the session's decoder on its response when it completed.
            return try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Loads a request and blocks the calling thread until it completes — for plain scripts only.
    ///
    /// - Throws: `callIsBlocking` when called from an `async` context or on a SwiftNIO event loop, where
    ///   blocking could deadlock the very machinery that must complete the request; and any error of
    ///   ``data(for:)``.
    /// Loads a request and blocks the calling thread until the response has arrived, for code that cannot be
    /// async (scripts, legacy callbacks).
    ///
    /// - Throws: ``CourierError`` as ``data(for:)`` does, and `callIsBlocking` when called on a SwiftNIO event loop or
    ///   from an async context, where blocking could deadlock.
    @available(*, noasync, message: "use data(for:) in async code")
    public func synchronousData(for request: Request) throws -> Response {
        if MultiThreadedEventLoopGroup.currentEventLoop != nil {
            throw CourierError(
                .callIsBlocking, outcome: .notSent,
                message:
                    "synchronousData(for:) was called on a SwiftNIO event loop, which it would deadlock; use data(for:)",
                request: request)
        }
        if withUnsafeCurrentTask(body: { $0 != nil }) {
            throw CourierError(
                .callIsBlocking, outcome: .notSent,
                message:
                    "synchronousData(for:) was called from an async context, where blocking can deadlock; use await data(for:)",
                request: request)
        }
        let semaphore = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let task = dataTask(with: request, queue: DispatchQueue(label: "courier.synchronous")) { result in
            box.set(result)
            semaphore.signal()
        }
        task.resume()
        semaphore.wait()
        return try box.get()
    }

    // MARK: Invalidation

    /// Lets running tasks finish, refuses new ones, then releases the connections and the delegate
    /// (after telling it ``SessionDelegate/session(_:didBecomeInvalidWithError:)``).
    public func finishTasksAndInvalidate() async {
        _ = core.invalidate()
        await core.waitForRunningTasks()
        await finishInvalidation()
    }

    /// Cancels running tasks (each completes with `cancelled`), refuses new ones, then releases the
    /// connections and the delegate.
    public func invalidateAndCancel() async {
        for task in core.invalidate() { task.cancel(reason: .invalidated) }
        await core.waitForRunningTasks()
        await finishInvalidation()
    }

    private func finishInvalidation() async {
        await durable?.close()
        await core.httpTransport.shutdown()
        if let delegate = delegateStorage.take() {
            delegate.session(self, didBecomeInvalidWithError: nil)
        }
    }
}

/// Holds the delegate until invalidation lets it go.
private final class DelegateBox: Sendable {
    private let storage: Mutex<(any SessionDelegate)?>
    init(_ delegate: (any SessionDelegate)?) { storage = Mutex(delegate) }
    var value: (any SessionDelegate)? { storage.withLock { $0 } }
    func take() -> (any SessionDelegate)? {
        storage.withLock { value in
            defer { value = nil }
            return value
        }
    }
}

private final class ResultBox: Sendable {
    private let storage = Mutex<Result<Response, CourierError>?>(nil)
    func set(_ result: Result<Response, CourierError>) { storage.withLock { $0 = result } }
    func get() throws -> Response {
        guard let result = storage.withLock({ $0 }) else {
            throw CourierError(.unknown, message: "the request finished without a result")
        }
        return try result.get()
    }
}
