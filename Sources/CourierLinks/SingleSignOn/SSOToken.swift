import Foundation

/// The token a single sign-on provider issues, with its expiry when the provider gives one.
public struct SSOToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The token itself (sent with later requests).
    public var value: String
    /// When the token stops being valid; nil when the provider did not say.
    public var expiresAt: Date?

    /// Creates a token.
    public init(value: String, expiresAt: Date? = nil) {
        self.value = value
        self.expiresAt = expiresAt
    }

    /// Whether the token has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    /// `"SSOToken(redacted, expires <date>)"`: the value never appears in logs.
    public var description: String {
        "SSOToken(redacted, " + (expiresAt.map { "expires \($0)" } ?? "no expiry") + ")"
    }
}
