import Foundation
import HTTPTypes

/// The one error type Courier throws.
///
/// Compare errors by ``code`` (a named constant, never a bare number) and decide what to do from
/// ``outcome``: whether the request may have reached the server.
///
/// ```swift
/// do {
///     let response = try await session.data(for: request)
/// } catch let error as CourierError where error.code == .cannotConnectToHost {
///     print("server down: \(error)")
/// }
/// ```
public struct CourierError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong, named like `URLError`'s codes.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The name of the code, such as `"cannotConnectToHost"`.
        public let name: String

        /// Creates a code with a name. Prefer the predefined constants.
        public init(_ name: String) {
            self.name = name
        }

        /// The code's ``name``.
        public var description: String { name }

        /// A failure no other code describes; ``CourierError/underlyingError`` usually says more.
        public static let unknown = Code("unknown")
        /// The task was cancelled (``SessionTask/cancel()``, a cancelled Swift task, or a delegate that cancelled it).
        public static let cancelled = Code("cancelled")
        /// The URL is empty, malformed, or has a port out of range.
        public static let badURL = Code("badURL")
        /// No protocol handler accepts the URL's scheme, or a redirect led to a scheme the configuration does not
        /// allow.
        public static let unsupportedURL = Code("unsupportedURL")
        /// A header field name is not an HTTP token, or a value holds CR, LF or NUL (refused before anything is sent,
        /// so
        /// no header injection can happen).
        public static let invalidHeaderField = Code("invalidHeaderField")
        /// A setting or argument cannot be used as given: a malformed host pattern or pin, a certificate or key that
        /// does not load, a store that cannot be opened, or options that do not fit together (such as a durable
        /// upload from memory).
        public static let invalidConfiguration = Code("invalidConfiguration")
        /// A timeout expired: connecting, the TLS handshake, the idle timeout between bytes, or the resource timeout.
        public static let timedOut = Code("timedOut")
        /// The host name does not resolve to any address.
        public static let cannotFindHost = Code("cannotFindHost")
        /// The host resolved but refused the connection (or a proxy refused to connect to it).
        public static let cannotConnectToHost = Code("cannotConnectToHost")
        /// The connection closed or was reset before the exchange finished; once the request was sent the outcome is
        /// ``CourierError/Outcome/ambiguous``.
        public static let networkConnectionLost = Code("networkConnectionLost")
        /// There is no route to the host (`ENETUNREACH`, `EHOSTUNREACH`, `ENETDOWN`): the machine is offline.
        public static let notConnectedToInternet = Code("notConnectedToInternet")
        /// The name lookup itself failed (not a name that does not exist); Courier's own transport reports resolution
        /// failures as ``cannotFindHost`` and treats both codes alike when it retries downloads.
        public static let dnsLookupFailed = Code("dnsLookupFailed")
        /// A redirect chain exceeded the configured maximum, or looped back to a URL already visited.
        public static let httpTooManyRedirects = Code("httpTooManyRedirects")
        /// A redirect's `Location` is not a URL Courier can follow.
        public static let redirectToNonExistentLocation = Code("redirectToNonExistentLocation")
        /// The server's answer is not valid HTTP (a garbage status line or header, an unrequested `101`), or breaks the
        /// protocol in a way the task cannot use (for example a malformed NTLM challenge, a range response that does
        /// not
        /// match the request).
        public static let badServerResponse = Code("badServerResponse")
        /// Authentication was refused on the client side: the delegate cancelled the challenge, or the protection space
        /// is not on the authentication allow-list.
        public static let userCancelledAuthentication = Code("userCancelledAuthentication")
        /// The server (or a proxy) asked for credentials that Courier did not have, or rejected the ones it sent twice.
        public static let userAuthenticationRequired = Code("userAuthenticationRequired")
        /// A protocol handler finished without producing a response.
        public static let zeroByteResource = Code("zeroByteResource")
        /// A compressed response body (`gzip`, `deflate`) is corrupt and could not be decoded.
        public static let cannotDecodeContentData = Code("cannotDecodeContentData")
        /// Stored data could not be read back: a damaged cookie file, or a cached body that changed while it was read.
        public static let cannotDecodeRawData = Code("cannotDecodeRawData")
        /// A record Courier wrote could not be parsed, such as download resume data from another version.
        public static let cannotParseResponse = Code("cannotParseResponse")
        /// A file named by the request, a multipart part, resume data or an identity does not exist.
        public static let fileDoesNotExist = Code("fileDoesNotExist")
        /// A path that should name a file names a directory.
        public static let fileIsDirectory = Code("fileIsDirectory")
        /// A file exists but this process may not read it.
        public static let noPermissionsToReadFile = Code("noPermissionsToReadFile")
        /// A body or a frame is larger than the limit set for it (for example a collected body over the configured
        /// maximum).
        public static let dataLengthExceedsMaximum = Code("dataLengthExceedsMaximum")
        /// The TLS handshake failed for a reason other than trust: a protocol or cipher mismatch, an ALPN mismatch, a
        /// connection closed during the handshake.
        public static let secureConnectionFailed = Code("secureConnectionFailed")
        /// The server's certificate chain is not trusted: an unknown issuer, a host name mismatch, no certificate, or a
        /// pin that matches none of the presented certificates.
        public static let serverCertificateUntrusted = Code("serverCertificateUntrusted")
        /// A certificate of the server's chain has expired or is not valid yet.
        public static let serverCertificateHasBadDate = Code("serverCertificateHasBadDate")
        /// The server rejected the client certificate Courier presented.
        public static let clientCertificateRejected = Code("clientCertificateRejected")
        /// The server requires a client certificate and none was configured or offered by the delegate.
        public static let clientCertificateRequired = Code("clientCertificateRequired")
        /// A file could not be created or written: a download's destination, a durable session's folder, a store.
        public static let cannotWriteToFile = Code("cannotWriteToFile")
        /// Something the operation needs is not available on this system or right now (for example rtnetlink outside
        /// Linux, or a cache directory that cannot be opened).
        public static let resourceUnavailable = Code("resourceUnavailable")
        /// The response's status is outside the acceptable set given to ``Response/validate(statusCode:contentType:)`` (the
        /// ``CourierError/kind`` is ``CourierError/Kind/http(status:)``).
        public static let unacceptableStatusCode = Code("unacceptableStatusCode")
        /// The response's `Content-Type` is not one the caller accepts.
        public static let unacceptableContentType = Code("unacceptableContentType")
        /// A compressed body decodes to more than the configured maximum size or ratio (a decompression bomb).
        public static let decompressionLimitExceeded = Code("decompressionLimitExceeded")
        /// The service reported an error inside a successful response (an error envelope), found by an
        /// ``ApplicationErrorDetector``; ``CourierError/applicationCode`` holds the service's own code when known.
        public static let applicationError = Code("applicationError")
        /// A request body stream ended early, ran long, or changed after the request was built (for example a multipart
        /// file that changed size).
        public static let requestBodyStreamExhausted = Code("requestBodyStreamExhausted")
        /// The session was invalidated before or while the task ran.
        public static let sessionInvalidated = Code("sessionInvalidated")
        /// A blocking call (such as `synchronousData(for:)`) was made where blocking would deadlock: on an event loop
        /// or
        /// from an async context.
        public static let callIsBlocking = Code("callIsBlocking")
        /// Another live session (in this process or another) already has the durable identifier.
        public static let durableSessionInUse = Code("durableSessionInUse")
    }

    /// The layer that failed.
    public enum Kind: Hashable, Sendable {
        /// The network, the OS or the protocol machinery failed.
        case transport
        /// The server answered with a status outside the acceptable set.
        case http(status: Int)
        /// The body could not be decoded or validated.
        case payload
        /// The service refused in its payload (an application-level error envelope).
        case application
    }

    /// Whether the request may have been acted on by the server.
    ///
    /// The book's warning that "error statuses lie": a timeout after the request was sent does not
    /// mean the server did nothing. Retries never repeat an `.ambiguous` non-idempotent request.
    public enum Outcome: Hashable, Sendable {
        /// Nothing reached the network.
        case notSent
        /// The server definitely did not act (refused connection, an error status, a TLS failure).
        case failed
        /// The request was sent but no complete answer came back; the server may have acted.
        case ambiguous
    }

    /// What went wrong, as a named code; compare errors by this.
    public var code: Code
    /// The layer that failed: the transport, the HTTP status, the payload or the application.
    public var kind: Kind
    /// Whether the server may have acted on the request; see ``Outcome``.
    public var outcome: Outcome
    /// A short sentence a user can act on.
    public var message: String
    /// The request that failed, when there was one.
    public var request: Request?
    /// The response, when the server answered (HTTP and application errors).
    public var response: Response?
    /// The error of a lower layer (Courier's transport, NIO, POSIX, TLS), when there was one.
    public var underlyingError: (any Error)?
    /// Details about an application error (the service's own code), when known.
    public var applicationCode: Int?
    /// For a download that failed in a way it can recover from (a lost connection, a timeout, a
    /// cancellation that asked for it): what ``Session/download(resumingWith:to:)`` needs to continue.
    /// The partial file is kept while this exists.
    public var downloadResumeData: DownloadResumeData?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - kind: The layer that failed; `.transport` unless the server answered.
    ///   - outcome: Whether the server may have acted; `.failed` by default.
    ///   - message: A short sentence a user can act on.
    ///   - request: The request that failed, when there was one.
    ///   - response: The response, when the server answered.
    ///   - underlyingError: The error of a lower layer, when there was one.
    ///   - applicationCode: The service's own error code, for an application error.
    public init(
        _ code: Code,
        kind: Kind = .transport,
        outcome: Outcome = .failed,
        message: String,
        request: Request? = nil,
        response: Response? = nil,
        underlyingError: (any Error)? = nil,
        applicationCode: Int? = nil
    ) {
        self.code = code
        self.kind = kind
        self.outcome = outcome
        self.message = message
        self.request = request
        self.response = response
        self.underlyingError = underlyingError
        self.applicationCode = applicationCode
    }

    /// `true` when the server may have received and acted on the request.
    public var isAmbiguous: Bool { outcome == .ambiguous }

    /// The HTTP status of the response that caused the error, if any.
    public var statusCode: Int? { response?.status.code }

    /// The message, followed by the method and URL (credentials removed) when the message does not name the host.
    public var description: String {
        var text = message
        if let url = request?.url, !text.contains(url.host ?? "\u{0}") {
            text += " (\(request?.method.rawValue ?? "GET") \(url.redactingCredentials.absoluteString))"
        }
        return text
    }

    /// The code, kind and outcome, the description and the underlying error: for logs and debugging.
    public var debugDescription: String {
        var text = "CourierError.\(code.name) [\(kind), \(outcome)]: \(description)"
        if let underlyingError {
            text += " — underlying: \(String(reflecting: underlyingError))"
        }
        return text
    }

    /// Returns a copy with the request attached when none is set yet.
    func attaching(request: Request) -> CourierError {
        var copy = self
        if copy.request == nil { copy.request = request }
        return copy
    }
}

extension CourierError: LocalizedError {
    /// The same text as ``description``, for APIs that show `localizedDescription`.
    public var errorDescription: String? { description }
}

extension URL {
    /// The URL with any `user:password@` part removed, for logs and messages.
    /// The URL without its password (the user name stays), as Courier writes URLs into files: a password is
    /// never recorded.
    var removingPassword: URL {
        guard password != nil, var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        else { return self }
        components.password = nil
        return components.url ?? self
    }

    var redactingCredentials: URL {
        guard user != nil || password != nil,
            var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        else { return self }
        components.user = nil
        components.password = nil
        return components.url ?? self
    }
}
