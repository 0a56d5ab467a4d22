import CourierCertificates
import Foundation
import NIOSSL
import X509

/// A throwaway certificate authority generated in process (P-256, self-signed), and the leaf certificates it
/// issues for servers and clients: CourierCertificates' `CertificateAuthority` with names that say "test"
/// (subject organization `Courier Testing`) and a helper that writes its certificate to a temporary file.
///
/// Each instance is a new, independent CA: to show that a client refuses a server it does not trust, issue
/// the server's certificate from one instance and trust another.
///
/// ```swift
/// let ca = try TestCertificateAuthority()
/// let server = try await TestServer.start(tls: .init(certificate: ca.makeServerCertificate())) { _ in .empty }
/// var tls = TLSConfiguration.makeClientConfiguration()
/// tls.trustRoots = .certificates([ca.nioSSLCertificate])
/// ```
public struct TestCertificateAuthority: Sendable {
    /// Thrown by ``makeServerCertificate(dnsNames:ipAddresses:commonName:notValidBefore:notValidAfter:)``
    /// for an address that is not an IP address.
    public typealias InvalidIPAddressError = CertificateAuthority.InvalidIPAddressError

    /// The subject organization of test certificates.
    static let organizationName = "Courier Testing"

    /// The authority that does the work.
    public let authority: CertificateAuthority

    /// The CA's own self-signed certificate and key.
    public var root: TestCertificate { self.authority.root }
    /// The CA certificate as a swift-certificates value.
    public var certificate: Certificate { self.authority.certificate }
    /// The CA certificate, DER-encoded.
    public var certificateDER: [UInt8] { self.authority.certificateDER }
    /// The CA certificate as a PEM block, for trust stores and `--cacert` style options.
    public var certificatePEM: String { self.authority.certificatePEM }
    /// The CA certificate loaded into NIOSSL, for `trustRoots = .certificates([ca.nioSSLCertificate])`.
    public var nioSSLCertificate: NIOSSLCertificate { self.authority.nioSSLCertificate }

    /// Generates a new CA key and self-signed CA certificate.
    ///
    /// - Parameters:
    ///   - commonName: The CA's subject common name.
    ///   - notValidBefore: Start of validity; an hour ago by default, to tolerate clock skew.
    ///   - notValidAfter: End of validity; a year from now by default.
    /// - Throws: An error from swift-certificates or NIOSSL if the certificate cannot be built (not expected).
    public init(
        commonName: String = "Courier Test CA",
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 365 * 86400)
    ) throws {
        self.authority = try CertificateAuthority(
            commonName: commonName, organizationName: Self.organizationName, notValidBefore: notValidBefore,
            notValidAfter: notValidAfter)
    }

    /// Issues a server (TLS `serverAuth`) certificate for the given names.
    ///
    /// - Parameters:
    ///   - dnsNames: DNS subject alternative names.
    ///   - ipAddresses: IPv4 or IPv6 subject alternative names, in text form.
    ///   - commonName: The subject common name; the first DNS name by default.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default. Pass a past date for an expired
    ///     certificate.
    /// - Throws: ``InvalidIPAddressError`` for an unparseable address, or a certificate-building error.
    public func makeServerCertificate(
        dnsNames: [String] = ["localhost"],
        ipAddresses: [String] = ["127.0.0.1", "::1"],
        commonName: String? = nil,
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> TestCertificate {
        try self.authority.makeServerCertificate(
            dnsNames: dnsNames, ipAddresses: ipAddresses, commonName: commonName,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter)
    }

    /// Issues a client (TLS `clientAuth`) certificate, for mutual TLS.
    ///
    /// - Parameters:
    ///   - commonName: The subject common name, which a server can read to identify the client.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default.
    /// - Throws: A certificate-building error (not expected).
    public func makeClientCertificate(
        commonName: String = "Courier Test Client",
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> TestCertificate {
        try self.authority.makeClientCertificate(
            commonName: commonName, notValidBefore: notValidBefore, notValidAfter: notValidAfter)
    }

    /// Makes a self-signed server certificate (its own issuer, no CA behind it), like
    /// `openssl req -x509` makes for a test server: trusted only by clients that pin it or take it as an
    /// anchor.
    ///
    /// - Parameters:
    ///   - dnsNames: DNS subject alternative names.
    ///   - ipAddresses: IPv4 or IPv6 subject alternative names, in text form.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default.
    /// - Throws: ``InvalidIPAddressError`` for an unparseable address, or a certificate-building error.
    public static func makeSelfSignedServerCertificate(
        dnsNames: [String] = ["localhost"],
        ipAddresses: [String] = ["127.0.0.1", "::1"],
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> TestCertificate {
        try CertificateAuthority.makeSelfSignedServerCertificate(
            dnsNames: dnsNames, ipAddresses: ipAddresses, organizationName: Self.organizationName,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter)
    }

    /// Writes the CA certificate as PEM to a new file in the temporary directory and returns its URL.
    /// The caller removes the file when done.
    ///
    /// - Throws: The file system's error if the file cannot be written.
    public func writeCertificatePEMToTemporaryFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-test-ca-\(UUID().uuidString).pem")
        try Data(self.certificatePEM.utf8).write(to: url, options: .atomic)
        return url
    }
}
