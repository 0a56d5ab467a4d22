/// A deployment environment with a locator document of its own — the book's "single change" that switches
/// an app between development, QA and production back ends.
///
/// ```swift
/// let environment: ServiceEnvironment = .qa
/// let custom = ServiceEnvironment("staging")
/// ```
public struct ServiceEnvironment: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The environment's name, as it appears in file names and messages (`dev`, `qa`, `production`).
    public let name: String

    /// An environment with any name.
    public init(_ name: String) {
        self.name = name
    }

    /// An environment named by a string literal: `let staging: ServiceEnvironment = "staging"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Development.
    public static let dev = ServiceEnvironment("dev")
    /// Quality assurance.
    public static let qa = ServiceEnvironment("qa")
    /// Production.
    public static let production = ServiceEnvironment("production")

    /// The environment's ``name``.
    public var description: String { self.name }
}
