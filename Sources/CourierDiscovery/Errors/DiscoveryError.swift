/// The error every discovery operation throws, with the codes of Foundation's `NSNetServicesError` so that ported
/// code keeps its switch statements.
///
/// ```swift
/// do { _ = try ServiceType("_way-too-long-service._tcp") } catch let error {
///     error.code == .badArgument  // true; error.message names the rule
/// }
/// ```
public struct DiscoveryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with `NSNetServicesError`'s raw values (−72000 … −72008).
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// An unexpected failure, for example a socket error.
        case unknown = -72000
        /// The name is already in use on the link and renaming was not allowed.
        case collision = -72001
        /// The service could not be found.
        case notFound = -72002
        /// The same operation is already running on this object.
        case activityInProgress = -72003
        /// An argument broke a rule; the message names the rule.
        case badArgument = -72004
        /// The operation was cancelled.
        case cancelled = -72005
        /// The object was not set up correctly for this operation.
        case invalid = -72006
        /// The operation did not finish within its timeout.
        case timeout = -72007
        /// A required setting (a name, type or port) is missing.
        case missingRequiredConfiguration = -72008
    }

    /// The `NSNetServicesError`-compatible code.
    public var code: Code
    /// A sentence a user can act on.
    public var message: String

    /// Creates an error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message, prefixed with the code's name.
    public var description: String { "\(code) (\(code.rawValue)): \(message)" }
}
