/// A name from an open set, stored in one attribute of an internet password; `Attribute` says which,
/// so a protocol and an authentication scheme cannot be mixed up. Use the aliases
/// ``InternetPasswordProtocol`` and ``InternetAuthenticationType``, whose well-known values are static
/// members.
public struct InternetAttributeName<Attribute: InternetAttribute>: RawRepresentable, Sendable, Hashable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The name.
    public let rawValue: String

    /// Creates a value from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a value from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The name.
    public var description: String {
        rawValue
    }
}

/// An attribute of an internet password that holds a name from an open set: only a type, for
/// ``InternetAttributeName``.
public protocol InternetAttribute {}

/// The protocol attribute (`kSecAttrProtocol`).
public enum InternetProtocolAttribute: InternetAttribute {}

/// The authentication scheme attribute (`kSecAttrAuthenticationType`).
public enum InternetAuthenticationAttribute: InternetAttribute {}
