import CourierCertificates

/// A certificate and its P-256 private key, issued by a ``TestCertificateAuthority``, in every form a test
/// may need: X509 value, DER, PEM, NIOSSL objects and PKCS #12. It is CourierCertificates'
/// `IssuedCertificate`; the name stays for tests written against it.
public typealias TestCertificate = IssuedCertificate
