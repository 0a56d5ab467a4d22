import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import Synchronization

/// Loads requests for a URL scheme of your own (or takes over `http` for tests), like `URLProtocol`.
///
/// Register handlers in ``SessionConfiguration/protocolHandlers``; they are asked in reverse order of
/// registration and the first whose ``canHandle(_:)`` returns `true` loads the request. A handler reports
/// through its ``ProtocolHandlerClient``, so a custom scheme gets the whole chain — redirects, your
/// interceptors, events and metrics — for free.
///
/// ```swift
/// struct ReverseHandler: ProtocolHandler {
///     func canHandle(_ request: Request) -> Bool { request.url.scheme == "reverse" }
///     func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
///         let text = String((request.url.host ?? "").reversed())
///         client.didReceive(Response(status: .ok, headerFields: [.contentType: "text/plain"], url: request.url))
///         await client.didLoad(Data(text.utf8))
///         client.didFinishLoading()
///     }
/// }
/// ```
public protocol ProtocolHandler: Sendable {
    /// Whether this handler loads the request.
    func canHandle(_ request: Request) -> Bool
    /// Loads the request, reporting through `client`. Runs in a task of its own, which is cancelled
    /// when the load is cancelled (check `Task.isCancelled` or ``ProtocolHandlerClient/isCancelled``).
    /// Returning without calling ``ProtocolHandlerClient/didFinishLoading()`` finishes the load.
    func startLoading(_ request: Request, client: ProtocolHandlerClient) async
}

/// How a ``ProtocolHandler`` reports what it loaded. Call ``didReceive(_:)`` (or
/// ``wasRedirected(to:redirectResponse:)``) first, then ``didLoad(_:)`` for each chunk, then
/// ``didFinishLoading()`` or ``didFail(with:)``.
public final class ProtocolHandlerClient: Sendable {
    enum Head: Sendable {
        case response(Response)
        case redirect(Request, Response)
    }

    private struct State {
        var head: Result<Head, any Error>?
        var headWaiter: CheckedContinuation<Head, any Error>?
        var finished = false
        var cancelled = false
    }

    private let state = Mutex(State())
    let channel: BoundedChannel<ByteBuffer>
    let request: Request

    /// The session's credential store (``SessionConfiguration/urlCredentialStorage``), for handlers whose
    /// scheme logs in without a challenge to answer (FTP's `USER` and `PASS`). `nil` when the session has none.
    public let credentialStore: CredentialStore?

    init(request: Request, channel: BoundedChannel<ByteBuffer>, credentialStore: CredentialStore? = nil) {
        self.request = request
        self.channel = channel
        self.credentialStore = credentialStore
    }

    /// Whether the load was cancelled (stop working and return).
    public var isCancelled: Bool { state.withLock { $0.cancelled } || Task.isCancelled }

    /// The response head (status, header fields, URL). The response's body is ignored; send bytes with
    /// ``didLoad(_:)``. A second response for one load is ignored.
    public func didReceive(_ response: Response) {
        var head = response
        head.body = .none
        if head.request == nil { head.request = request }
        deliverHead(.success(.response(head)))
    }

    /// The load was redirected to `request`; it is followed like an HTTP redirect (the session's
    /// redirect policy and delegate decide). A `redirectResponse` without a 3xx status counts as 302.
    public func wasRedirected(to request: Request, redirectResponse: Response) {
        var response = redirectResponse
        response.body = .none
        if !(300..<400).contains(response.status.code) { response.status = .found }
        response.headerFields[.location] = request.url.absoluteString
        deliverHead(.success(.redirect(request, response)))
    }

    /// A chunk of the body. Waits while the reader is behind (back-pressure); does nothing once the
    /// load is cancelled.
    public func didLoad(_ data: Data) async {
        guard !data.isEmpty else { return }
        let headDelivered = state.withLock { $0.head != nil }
        guard headDelivered else {
            fail(
                CourierError(
                    .badServerResponse, outcome: .failed,
                    message: "the protocol handler delivered data before a response", request: request))
            return
        }
        do {
            try await channel.send(ByteBuffer(data: data))
        } catch {
            state.withLock { $0.cancelled = true }
        }
    }

    /// The load is complete.
    public func didFinishLoading() {
        let hadHead = state.withLock { state -> Bool? in
            if state.finished { return nil }
            state.finished = true
            return state.head != nil
        }
        switch hadHead {
        case .some(true):
            channel.finish()
        case .some(false):
            deliverHead(
                .failure(
                    CourierError(
                        .zeroByteResource, outcome: .failed,
                        message: "the protocol handler finished without a response", request: request)))
        case nil:
            break
        }
    }

    /// The load failed. A ``CourierError`` is passed on as it is; other errors become `unknown`.
    public func didFail(with error: any Error) {
        fail(ErrorMapping.map(error, request: request, requestWasSent: false))
    }

    private func fail(_ error: CourierError) {
        let hadHead = state.withLock { state -> Bool? in
            if state.finished { return nil }
            state.finished = true
            return state.head != nil
        }
        switch hadHead {
        case .some(true): channel.finish(throwing: error)
        case .some(false): deliverHead(.failure(error))
        case nil: break
        }
    }

    private func deliverHead(_ head: Result<Head, any Error>) {
        let waiter: CheckedContinuation<Head, any Error>? = state.withLock { state in
            guard state.head == nil else { return nil }
            state.head = head
            if case .failure = head { state.finished = true }
            defer { state.headWaiter = nil }
            return state.headWaiter
        }
        waiter?.resume(with: head)
    }

    func waitForHead() async throws -> Head {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Head, any Error>? = state.withLock { state in
                if let head = state.head { return head }
                state.headWaiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    func cancel() {
        let waiter: CheckedContinuation<Head, any Error>? = state.withLock { state in
            state.cancelled = true
            guard state.head == nil else { return nil }
            state.head = .failure(CancellationError())
            state.finished = true
            defer { state.headWaiter = nil }
            return state.headWaiter
        }
        waiter?.resume(throwing: CancellationError())
        channel.cancelConsumer()
    }

    /// The handler's `startLoading` returned.
    func handlerReturned() {
        didFinishLoading()
    }
}

/// Runs a ``ProtocolHandler`` for the chain and turns its reports into a streamed ``Response``.
enum ProtocolHandlerBridge {
    static func load(_ request: Request, with handler: any ProtocolHandler, context: TaskContext) async throws
        -> Response
    {
        let channel = BoundedChannel<ByteBuffer>(capacity: 8)
        let client = ProtocolHandlerClient(
            request: request, channel: channel, credentialStore: context.core.configuration.urlCredentialStorage)
        var transaction = TransactionMetrics(request: request, resourceFetchType: .localHandler)
        transaction.requestStartDate = transaction.fetchStartDate
        let index = context.beginTransaction(transaction)
        let handlerTask = Task {
            await handler.startLoading(request, client: client)
            client.handlerReturned()
        }
        let head: ProtocolHandlerClient.Head
        do {
            head = try await withTaskCancellationHandler {
                try await client.waitForHead()
            } onCancel: {
                client.cancel()
                handlerTask.cancel()
            }
        } catch {
            handlerTask.cancel()
            throw error
        }
        context.timer.touch()
        var response: Response
        switch head {
        case .response(let received):
            response = received
            response.body = .stream(
                ResponseBody(HandlerBody(channel: channel, handlerTask: handlerTask, context: context, index: index)))
        case .redirect(_, let redirect):
            handlerTask.cancel()
            response = redirect
            response.body = .none
        }
        let headForMetrics = response.withoutBody
        context.updateTransaction(index) { transaction in
            transaction.responseStartDate = Date()
            transaction.requestEndDate = transaction.responseStartDate
            transaction.response = headForMetrics
        }
        return response
    }
}

/// The body a handler sends; abandoning it cancels the handler.
struct HandlerBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let channel: BoundedChannel<ByteBuffer>
    let handlerTask: Task<Void, Never>
    let context: TaskContext
    let index: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(reader: Reader(channel: channel, handlerTask: handlerTask), context: context, index: index)
    }

    final class Reader: Sendable {
        let channel: BoundedChannel<ByteBuffer>
        let handlerTask: Task<Void, Never>
        init(channel: BoundedChannel<ByteBuffer>, handlerTask: Task<Void, Never>) {
            self.channel = channel
            self.handlerTask = handlerTask
        }
        deinit {
            channel.cancelConsumer()
            handlerTask.cancel()
        }
    }

    struct Iterator: AsyncIteratorProtocol {
        let reader: Reader
        let context: TaskContext
        let index: Int
        var received: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            do {
                guard let chunk = try await reader.channel.next() else {
                    let received = self.received
                    context.updateTransaction(index) {
                        $0.responseEndDate = Date()
                        $0.responseBodyBytesReceived = received
                    }
                    return nil
                }
                context.timer.touch()
                received += Int64(chunk.readableBytes)
                return chunk
            } catch {
                reader.handlerTask.cancel()
                throw error
            }
        }
    }
}
