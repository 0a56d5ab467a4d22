/// The authentication scheme of an internet password (`kSecAttrAuthenticationType`): an open set
/// of names.
public typealias InternetAuthenticationType = InternetAttributeName<InternetAuthenticationAttribute>

extension InternetAttributeName<InternetAuthenticationAttribute> {
    /// HTTP Basic.
    public static var httpBasic: InternetAuthenticationType { "httpBasic" }
    /// HTTP Digest.
    public static var httpDigest: InternetAuthenticationType { "httpDigest" }
    /// NTLM.
    public static var ntlm: InternetAuthenticationType { "ntlm" }
    /// An HTML form.
    public static var htmlForm: InternetAuthenticationType { "htmlForm" }
    /// Bearer tokens.
    public static var bearer: InternetAuthenticationType { "bearer" }
    /// The protocol's default.
    public static var `default`: InternetAuthenticationType { "default" }
}
