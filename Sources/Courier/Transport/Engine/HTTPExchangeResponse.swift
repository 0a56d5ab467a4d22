import HTTPTypes

/// The answer to an exchange: the final response head, the body as it arrives, and the connection it came on.
struct HTTPExchangeResponse: Sendable {
    /// The final (non-1xx) response head.
    var head: HTTPResponse
    /// The body, read once; its trailers are readable after the end.
    var body: HTTPResponseBodyStream
    /// The connection that carried the exchange.
    var connection: HTTPConnectionInfo
}
