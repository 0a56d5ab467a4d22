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

        public var description: String { name }

        public static let unknown = Code("unknown")
        public static let cancelled = Code("cancelled")
        public static let badURL = Code("badURL")
        public static let unsupportedURL = Code("unsupportedURL")
        public static let invalidHeaderField = Code("invalidHeaderField")
        public static let invalidConfiguration = Code("invalidConfiguration")
        public static let timedOut = Code("timedOut")
        public static let cannotFindHost = Code("cannotFindHost")
        public static let cannotConnectToHost = Code("cannotConnectToHost")
        public static let networkConnectionLost = Code("networkConnectionLost")
        public static let notConnectedToInternet = Code("notConnectedToInternet")
        public static let dnsLookupFailed = Code("dnsLookupFailed")
        public static let httpTooManyRedirects = Code("httpTooManyRedirects")
        public static let redirectToNonExistentLocation = Code("redirectToNonExistentLocation")
        public static let badServerResponse = Code("badServerResponse")
        public static let userCancelledAuthentication = Code("userCancelledAuthentication")
        public static let userAuthenticationRequired = Code("userAuthenticationRequired")
        public static let zeroByteResource = Code("zeroByteResource")
        public static let cannotDecodeContentData = Code("cannotDecodeContentData")
        public static let cannotDecodeRawData = Code("cannotDecodeRawData")
        public static let cannotParseResponse = Code("cannotParseResponse")
        public static let fileDoesNotExist = Code("fileDoesNotExist")
        public static let fileIsDirectory = Code("fileIsDirectory")
        public static let noPermissionsToReadFile = Code("noPermissionsToReadFile")
        public static let dataLengthExceedsMaximum = Code("dataLengthExceedsMaximum")
        public static let secureConnectionFailed = Code("secureConnectionFailed")
        public static let serverCertificateUntrusted = Code("serverCertificateUntrusted")
        public static let serverCertificateHasBadDate = Code("serverCertificateHasBadDate")
        public static let clientCertificateRejected = Code("clientCertificateRejected")
        public static let clientCertificateRequired = Code("clientCertificateRequired")
        public static let cannotWriteToFile = Code("cannotWriteToFile")
        public static let resourceUnavailable = Code("resourceUnavailable")
        public static let unacceptableStatusCode = Code("unacceptableStatusCode")
        public static let unacceptableContentType = Code("unacceptableContentType")
        public static let decompressionLimitExceeded = Code("decompressionLimitExceeded")
        public static let applicationError = Code("applicationError")
        public static let requestBodyStreamExhausted = Code("requestBodyStreamExhausted")
        public static let sessionInvalidated = Code("sessionInvalidated")
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

    public var code: Code
    public var kind: Kind
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

    public var description: String {
        var text = message
        if let url = request?.url, !text.contains(url.host ?? "\u{0}") {
            text += " (\(request?.method.rawValue ?? "GET") \(url.redactingCredentials.absoluteString))"
        }
        return text
    }

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
