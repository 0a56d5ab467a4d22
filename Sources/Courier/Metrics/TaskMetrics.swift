import Foundation

/// What a task did, like `URLSessionTaskMetrics`: its interval, redirects and one entry per
/// request/response exchange.
public struct TaskMetrics: Sendable {
    /// When the task started and finished.
    public var taskInterval: DateInterval
    /// How many redirects were followed.
    public var redirectCount: Int
    /// How many times the retry policy sent the request again.
    public var retryCount: Int
    /// One entry per exchange (redirects, retries and authentication rounds each add one).
    public var transactionMetrics: [TransactionMetrics]

    /// Creates task metrics (for tests and custom protocol handlers; sessions collect them for you).
    public init(
        taskInterval: DateInterval,
        redirectCount: Int = 0,
        retryCount: Int = 0,
        transactionMetrics: [TransactionMetrics] = []
    ) {
        self.taskInterval = taskInterval
        self.redirectCount = redirectCount
        self.retryCount = retryCount
        self.transactionMetrics = transactionMetrics
    }

    /// Total bytes of request bodies sent over all exchanges.
    public var totalRequestBodyBytesSent: Int64 { transactionMetrics.reduce(0) { $0 + $1.requestBodyBytesSent } }
    /// Total bytes of response bodies received over all exchanges.
    public var totalResponseBodyBytesReceived: Int64 {
        transactionMetrics.reduce(0) { $0 + $1.responseBodyBytesReceived }
    }
}

/// One request/response exchange.
public struct TransactionMetrics: Sendable {
    /// Where the response came from.
    public enum ResourceFetchType: String, Sendable, Hashable {
        /// Over the network.
        case networkLoad
        /// From the local cache without asking the server.
        case localCache
        /// From the cache after the server confirmed it with 304.
        case conditionalCacheHit
        /// From a local handler (`file:`, `data:`, custom protocol handler).
        case localHandler
        /// Not known.
        case unknown
    }

    /// The request as it was handed to the transport (headers as sent).
    public var request: Request
    /// The response head, when one arrived.
    public var response: Response?
    /// When the exchange began: the task asked for a connection, or a cache lookup began.
    public var fetchStartDate: Date
    /// When the transport began sending the request.
    public var requestStartDate: Date?
    /// When the last body byte was handed to the connection.
    public var requestEndDate: Date?
    /// When the response head arrived (time to first byte).
    public var responseStartDate: Date?
    /// When the last body byte arrived.
    public var responseEndDate: Date?
    /// Approximate size of the request head as serialized for HTTP/1.1.
    public var requestHeaderBytesSent: Int64
    /// Bytes of the request body sent, as on the wire (after compression, if any).
    public var requestBodyBytesSent: Int64
    /// Approximate size of the response head as serialized for HTTP/1.1.
    public var responseHeaderBytesReceived: Int64
    /// Bytes of the response body received, as on the wire (before content decoding).
    public var responseBodyBytesReceived: Int64
    /// Bytes of the response body after content decoding (gzip, deflate) — what the caller receives.
    /// Equal to ``responseBodyBytesReceived`` for bodies that were not encoded; for responses served from
    /// the cache, the stored body's size (nothing was received).
    public var responseBodyBytesAfterDecoding: Int64 { decodedResponseBodyBytes ?? responseBodyBytesReceived }
    /// Set by the stages that decode or serve bodies.
    var decodedResponseBodyBytes: Int64?
    /// `http/1.1`, `h2`, or `nil` for local handlers.
    public var networkProtocolName: String?
    /// Whether the connection was reused; `nil` where the transport does not tell (custom protocol handlers).
    public var isReusedConnection: Bool?
    /// Where the response came from: the network, the cache (with or without a 304 from the server), a local handler.
    public var resourceFetchType: ResourceFetchType
    /// When the host name lookup began and ended; `nil` for a reused connection or an IP literal.
    public var domainLookupStartDate: Date?
    /// When the host name lookup ended.
    public var domainLookupEndDate: Date?
    /// When the TCP connection (to the origin, or to the proxy) began and was established; `nil` when reused.
    public var connectStartDate: Date?
    /// When the TCP connection was established.
    public var connectEndDate: Date?
    /// When the TLS handshake began and ended; `nil` for plain HTTP or a reused connection.
    public var secureConnectionStartDate: Date?
    /// When the TLS handshake ended.
    public var secureConnectionEndDate: Date?
    /// The local and remote IP address and port of the connection, where the transport tells.
    public var localAddress: String?
    /// The local port of the connection.
    public var localPort: Int?
    /// The remote IP address of the connection (the proxy's, when a proxy was used).
    public var remoteAddress: String?
    /// The remote port of the connection.
    public var remotePort: Int?
    /// The TLS version (`TLSv1.3`) and cipher suite negotiated, where the transport tells.
    public var negotiatedTLSProtocolVersion: String?
    /// The negotiated TLS cipher suite, such as `TLS_AES_128_GCM_SHA256`.
    public var negotiatedTLSCipherSuite: String?

    /// Creates the metrics of one exchange, with only its request and start known (the rest is filled in as the
    /// exchange goes).
    public init(request: Request, fetchStartDate: Date = Date(), resourceFetchType: ResourceFetchType = .networkLoad) {
        self.request = request
        self.response = nil
        self.fetchStartDate = fetchStartDate
        self.requestStartDate = nil
        self.requestEndDate = nil
        self.responseStartDate = nil
        self.responseEndDate = nil
        self.requestHeaderBytesSent = 0
        self.requestBodyBytesSent = 0
        self.responseHeaderBytesReceived = 0
        self.responseBodyBytesReceived = 0
        self.networkProtocolName = nil
        self.isReusedConnection = nil
        self.resourceFetchType = resourceFetchType
        self.decodedResponseBodyBytes = nil
    }

    /// Time to first byte: request start to response start.
    public var timeToFirstByte: TimeInterval? {
        guard let start = requestStartDate, let first = responseStartDate else { return nil }
        return first.timeIntervalSince(start)
    }
}
