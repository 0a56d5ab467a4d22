import Foundation

/// The typed value of one route placeholder.
public enum RouteValue: Sendable, Hashable {
    /// An `int` placeholder's value.
    case int(Int)
    /// A `string` placeholder's value, percent-decoded.
    case string(String)
    /// A `data` placeholder's bytes, decoded from base64url.
    case data(Data)
}
