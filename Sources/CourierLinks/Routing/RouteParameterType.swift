/// The type of a `{name:type}` placeholder in a ``RoutePattern``.
public enum RouteParameterType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A decimal integer (`{id:int}`): optional `-`, then 1 to 18 digits.
    case int
    /// Any non-empty text (`{name}` or `{name:string}`), percent-decoded.
    case string
    /// Bytes in base64url without padding (`{data:data}` or `{data:base64url}`), at most the router's
    /// payload size. Plain base64 is refused.
    case data

    /// Reads the type name of a placeholder; `base64url` is another name for ``data``.
    init?(placeholderName: Substring) {
        switch placeholderName {
        case "int": self = .int
        case "string": self = .string
        case "data", "base64url": self = .data
        default: return nil
        }
    }

    /// `int`, `string` or `data`.
    public var description: String {
        rawValue
    }
}
