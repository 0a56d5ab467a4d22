/// The protocol of an internet password (`kSecAttrProtocol`): an open set of names.
public struct InternetPasswordProtocol: RawRepresentable, Sendable, Hashable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The protocol name, lowercase by convention.
    public let rawValue: String

    /// Creates a protocol from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a protocol from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The name.
    public var description: String {
        rawValue
    }

    /// HTTP.
    public static let http: InternetPasswordProtocol = "http"
    /// HTTPS.
    public static let https: InternetPasswordProtocol = "https"
    /// FTP.
    public static let ftp: InternetPasswordProtocol = "ftp"
    /// FTPS.
    public static let ftps: InternetPasswordProtocol = "ftps"
    /// SMTP.
    public static let smtp: InternetPasswordProtocol = "smtp"
    /// IMAP.
    public static let imap: InternetPasswordProtocol = "imap"
    /// SSH.
    public static let ssh: InternetPasswordProtocol = "ssh"
    /// An HTTP proxy.
    public static let httpProxy: InternetPasswordProtocol = "httpproxy"
    /// An HTTPS proxy.
    public static let httpsProxy: InternetPasswordProtocol = "httpsproxy"
    /// A SOCKS proxy.
    public static let socks: InternetPasswordProtocol = "socks"
}
