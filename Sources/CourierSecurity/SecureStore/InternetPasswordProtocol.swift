/// The protocol of an internet password (`kSecAttrProtocol`): an open set of names, lowercase by
/// convention.
public typealias InternetPasswordProtocol = InternetAttributeName<InternetProtocolAttribute>

extension InternetAttributeName<InternetProtocolAttribute> {
    /// HTTP.
    public static var http: InternetPasswordProtocol { "http" }
    /// HTTPS.
    public static var https: InternetPasswordProtocol { "https" }
    /// FTP.
    public static var ftp: InternetPasswordProtocol { "ftp" }
    /// FTPS.
    public static var ftps: InternetPasswordProtocol { "ftps" }
    /// SMTP.
    public static var smtp: InternetPasswordProtocol { "smtp" }
    /// IMAP.
    public static var imap: InternetPasswordProtocol { "imap" }
    /// SSH.
    public static var ssh: InternetPasswordProtocol { "ssh" }
    /// An HTTP proxy.
    public static var httpProxy: InternetPasswordProtocol { "httpproxy" }
    /// An HTTPS proxy.
    public static var httpsProxy: InternetPasswordProtocol { "httpsproxy" }
    /// A SOCKS proxy.
    public static var socks: InternetPasswordProtocol { "socks" }
}
