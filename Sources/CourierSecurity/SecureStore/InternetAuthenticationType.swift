/// The authentication scheme of an internet password (`kSecAttrAuthenticationType`): an open set
/// of names.
public struct InternetAuthenticationType: RawRepresentable, Sendable, Hashable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The scheme name.
    public let rawValue: String

    /// Creates a scheme from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a scheme from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The name.
    public var description: String {
        rawValue
    }

    /// HTTP Basic.
    public static let httpBasic: InternetAuthenticationType = "httpBasic"
    /// HTTP Digest.
    public static let httpDigest: InternetAuthenticationType = "httpDigest"
    /// NTLM.
    public static let ntlm: InternetAuthenticationType = "ntlm"
    /// An HTML form.
    public static let htmlForm: InternetAuthenticationType = "htmlForm"
    /// Bearer tokens.
    public static let bearer: InternetAuthenticationType = "bearer"
    /// The protocol's default.
    public static let `default`: InternetAuthenticationType = "default"
}
