/// An error thrown by CourierLinks: a ``Code`` saying what kind of failure it is and a message a
/// person can act on.
///
/// ```swift
/// do {
///     try await router.dispatch(url)
/// } catch let error as LinkError where error.code == .unknownRoute {
///     // the URL is well formed but no route takes it
/// }
/// ```
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A scheme name that RFC 7595 does not allow.
        case invalidScheme
        /// Text that is not a well-formed URL (RFC 3986), or one longer than the router accepts.
        case malformedURL
        /// A well-formed URL that no route matches.
        case unknownRoute
        /// A route parameter whose text does not fit its type (an `int` that is not a number).
        case invalidParameter
        /// The validation step (the book's `canHandleURL`) refused the URL, or no URL was given.
        case refused
        /// A route pattern that cannot be parsed, or two routes with the same pattern.
        case invalidRoute
        /// Percent-encoded text with a bad escape or bytes that are not UTF-8.
        case invalidPercentEncoding
        /// A payload larger than the configured maximum.
        case payloadTooLarge
        /// A payload that is not valid base64url, or whose bytes do not decode to the expected type.
        case malformedPayload
        /// A payload in plain base64 (`+`, `/` or `=`), which URLs must not carry.
        case plainBase64Refused
        /// A value that could not be encoded as JSON or a property list.
        case encodingFailed
        /// No program is registered for the scheme.
        case noHandler
        /// No desktop session (`DISPLAY` or `WAYLAND_DISPLAY`) to hand a URL to.
        case noDesktop
        /// A helper program (`xdg-mime`, `xdg-open`) is not installed.
        case toolNotFound
        /// A helper program or handler failed, or ran longer than allowed.
        case commandFailed
        /// A `.desktop` file that cannot be read or whose `Exec` line cannot be used.
        case invalidDesktopEntry
        /// A file could not be read or written.
        case io
        /// The single sign-on provider refused the credentials, or a name given to it is not valid.
        case authenticationFailed
        /// The secure store behind single sign-on or installation markers failed.
        case storeFailed
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong and what to do about it.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message alone, as it should appear after `error:` in a command line's output.
    public var description: String {
        message
    }
}
