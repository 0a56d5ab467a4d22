import Foundation

/// What the session needs from its `http`/`https` transport: Courier's own pool (``PooledHTTPTransport``) or,
/// until it replaces it everywhere, the one over async-http-client (``HTTPTransport``).
protocol HTTPLoading: Sendable {
    /// Sends one request and returns the response head with a streaming body.
    func execute(_ request: Request, context: TaskContext) async throws -> Response
    /// Sends later requests to this URL's origin over one dedicated HTTP/1.1 connection (NTLM authenticates a
    /// connection, not a request).
    func dedicateConnections(to url: URL)
    /// Closes every connection and waits until they are closed.
    func shutdown() async
    /// Closes every connection without waiting (the session is going away without invalidation).
    func shutdownInBackground()
}

/// Which transport carries `http` and `https`.
enum HTTPEngineChoice: String, Sendable {
    /// Courier's own connection pool on swift-nio.
    case courier
    /// async-http-client, the transport Courier is moving away from.
    case asyncHTTPClient = "ahc"

    /// The default: `COURIER_HTTP_ENGINE=courier` or `ahc` in the environment, else Courier's own transport
    /// (async-http-client stays selectable with `ahc` until it is removed; it traps on some malformed answers,
    /// such as a status code below 100).
    static let standard: HTTPEngineChoice =
        ProcessInfo.processInfo.environment["COURIER_HTTP_ENGINE"].flatMap(HTTPEngineChoice.init(rawValue:))
        ?? .courier
}
