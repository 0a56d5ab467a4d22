/// Why an exchange through the connection pool failed.
///
/// `requestMayHaveBeenProcessed` tells the caller whether the server may have acted on the request (the
/// session reports such failures as ambiguous and retries them only when the request allows it).
struct HTTPEngineError: Error, CustomStringConvertible, Sendable {
    /// What failed.
    enum Code: String, Sendable {
        /// The host name did not resolve.
        case cannotFindHost
        /// The TCP connection was refused or could not be made.
        case cannotConnect
        /// Connecting took longer than the request's connect timeout.
        case connectTimedOut
        /// The TLS handshake failed (including certificate verification).
        case tlsFailed
        /// The proxy could not be reached or refused the tunnel.
        case proxyFailed
        /// The connection closed before the whole response head arrived.
        case connectionLostBeforeResponse
        /// The connection closed before the whole response body arrived.
        case connectionLostDuringBody
        /// The response broke HTTP.
        case malformedResponse
        /// The server switched protocols (101) when no upgrade was asked for.
        case unexpectedUpgrade
        /// An HTTP/2 server refused the stream or went away before processing it.
        case streamRefused
        /// The request cannot be sent as given (port out of range, invalid header, body length mismatch).
        case invalidRequest
        /// Reading the request body failed.
        case requestBodyFailed
        /// The pool was shut down.
        case shutDown
    }

    /// What failed.
    var code: Code
    /// A message that names the origin (`host:port`), and the proxy when the failure was the proxy's.
    var message: String
    /// The error that caused this one, if any.
    var underlying: (any Error)?
    /// Whether the server may have received and acted on the request.
    var requestMayHaveBeenProcessed: Bool

    /// Makes an error.
    init(
        _ code: Code, _ message: String, underlying: (any Error)? = nil, requestMayHaveBeenProcessed: Bool = false
    ) {
        self.code = code
        self.message = message
        self.underlying = underlying
        self.requestMayHaveBeenProcessed = requestMayHaveBeenProcessed
    }

    var description: String {
        if let underlying { return "\(message) (\(underlying))" }
        return message
    }
}
