import HTTPTypes
import NIOCore

/// One request for the connection pool: where it goes, what it sends, and whom to tell about progress.
struct HTTPExchangeRequest: Sendable {
    /// The request body.
    enum Body: Sendable {
        /// No body.
        case none
        /// A body held in memory (replayable).
        case bytes(ByteBuffer)
        /// A streamed body of `length` bytes (nil: unknown, sent chunked on HTTP/1.1). `make` is called once per
        /// attempt, so a retry on a new connection replays the body from the start.
        case stream(length: Int64?, make: @Sendable () throws -> any AsyncSequence<ByteBuffer, any Error> & Sendable)
    }

    /// The connection the request needs.
    var key: HTTPConnectionKey
    /// The request head; its authority and path make the request target and the `Host` header.
    var head: HTTPRequest
    var body: Body
    /// Whether the request may be sent again on a new connection when a reused one fails before any
    /// response byte (idempotent or replayable requests).
    var canRetryOnNewConnection: Bool
    /// How long connecting (TCP, proxy tunnel and TLS together) may take.
    var connectTimeout: TimeAmount
    /// Answers a proxy's 407 while a tunnel is established.
    var proxyAuthorizer: ProxyAuthorizer?
    /// Called for each 1xx response other than 101 (for example 103 Early Hints).
    var onInformational: (@Sendable (HTTPResponse) -> Void)?
    /// Called with the number of body bytes each time some are written to the connection.
    var onBodyBytesWritten: (@Sendable (Int) -> Void)?
    /// Called once the whole request has been written.
    var onRequestSent: (@Sendable () -> Void)?
    /// With `Expect: 100-continue`, how long to wait for `100 Continue` (or a final answer) before sending
    /// the body anyway (RFC 9110 §10.1.1 leaves it to the client; curl waits one second).
    var continueWait: TimeAmount = .seconds(1)
    /// Cancels just this exchange, up to its response head (an idle timeout the retry stage may answer); the
    /// task's own cancellation applies as well.
    var cancellation: CancellationScope?

    /// Makes a request.
    init(
        key: HTTPConnectionKey, head: HTTPRequest, body: Body = .none, canRetryOnNewConnection: Bool,
        connectTimeout: TimeAmount = .seconds(60), proxyAuthorizer: ProxyAuthorizer? = nil,
        onInformational: (@Sendable (HTTPResponse) -> Void)? = nil,
        onBodyBytesWritten: (@Sendable (Int) -> Void)? = nil, onRequestSent: (@Sendable () -> Void)? = nil
    ) {
        self.key = key
        self.head = head
        self.body = body
        self.canRetryOnNewConnection = canRetryOnNewConnection
        self.connectTimeout = connectTimeout
        self.proxyAuthorizer = proxyAuthorizer
        self.onInformational = onInformational
        self.onBodyBytesWritten = onBodyBytesWritten
        self.onRequestSent = onRequestSent
    }
}
