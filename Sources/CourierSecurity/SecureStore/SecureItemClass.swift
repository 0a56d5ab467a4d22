/// The kind of a secure-store item (`kSecClass`), which decides its attributes and primary key.
public enum SecureItemClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// A password or token for something that is not an internet server (`kSecClassGenericPassword`).
    /// Primary key: account and service.
    case genericPassword
    /// A password for an internet server (`kSecClassInternetPassword`). Primary key: account,
    /// security domain, server, protocol, authentication type, port and path.
    case internetPassword
    /// A cryptographic key (`kSecClassKey`). Primary key: application label, application tag, key
    /// type, key size and effective key size.
    case key
    /// A certificate (`kSecClassCertificate`), as DER data. Primary key: issuer, serial number and
    /// label.
    case certificate
    /// A certificate with its private key (`kSecClassIdentity`), for example PKCS#12 data. Primary
    /// key: issuer, serial number and label.
    case identity
}
