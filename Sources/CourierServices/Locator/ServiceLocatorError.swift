import Foundation

/// Why a service locator document could not be used: the book keeps two failures apart, and so does
/// Courier — the document could not be *loaded* (no network, an error status, a body too large) or it
/// arrived and could not be *parsed* (not JSON, no `services` array, an entry without a name, URL or
/// whole-number version).
///
/// ```swift
/// do {
///     try await locator.reload()
/// } catch let error as ServiceLocatorError where error.kind == .couldNotParse {
///     showAlert("Unable to parse service locator.")
/// }
/// ```
public struct ServiceLocatorError: Error, Sendable, CustomStringConvertible {
    /// Which of the two failures this is.
    public enum Kind: Sendable, Hashable {
        /// The document could not be fetched ("Unable to load service locator").
        case couldNotLoad
        /// The document arrived but is not a valid locator document ("Unable to parse service locator").
        case couldNotParse
    }

    /// Which of the two failures this is.
    public var kind: Kind
    /// The document's URL.
    public var url: URL?
    /// What went wrong, in a sentence a user can act on.
    public var reason: String
    /// The lower-level error (Courier's transport error, the JSON parser's), when there was one.
    public var underlyingError: (any Error)?

    /// Creates an error.
    public init(_ kind: Kind, url: URL?, reason: String, underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.url = url
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// "could not load the service locator http://…/dev.json: the server answered 404 Not Found".
    public var description: String {
        let verb = self.kind == .couldNotLoad ? "could not load" : "could not parse"
        let location = self.url.map { " " + $0.absoluteString } ?? ""
        return "\(verb) the service locator\(location): \(self.reason)"
    }
}
