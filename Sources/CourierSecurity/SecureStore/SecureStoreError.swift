/// An error thrown by ``SecureStore``: a ``SecureStoreStatus`` and a message a person can act on.
///
/// ```swift
/// do {
///     let token = try store.password(service: "api", account: "alice")
/// } catch let error as SecureStoreError where error.status == .itemNotFound {
///     // first launch: ask for credentials
/// }
/// ```
public struct SecureStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The keychain-style status code.
    public let status: SecureStoreStatus
    /// What went wrong and what to do about it. Never contains item data or key material.
    public let message: String

    /// Creates an error.
    public init(_ status: SecureStoreStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `"<status> (<code>): <message>"`.
    public var description: String {
        "\(status) (\(status.rawValue)): \(message)"
    }
}
