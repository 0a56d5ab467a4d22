import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway certificate authority generated in process (P-256, self-signed), and the leaf certificates it
/// issues for servers and clients.
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
    public struct InvalidIPAddressError: Error, CustomStringConvertible {
        /// The text that is neither an IPv4 nor an IPv6 address.
        public var address: String
        /// A description naming the address.
        public var description: String { "not an IP address: \(self.address)" }
    }

    /// The CA's own self-signed certificate and key.
    public let root: TestCertificate

    /// The CA certificate as a swift-certificates value.
    public var certificate: Certificate { self.root.certificate }
    /// The CA certificate, DER-encoded.
    public var certificateDER: [UInt8] { self.root.certificateDER }
    /// The CA certificate as a PEM block, for trust stores and `--cacert` style options.
    public var certificatePEM: String { self.root.certificatePEM }
    /// The CA certificate loaded into NIOSSL, for `trustRoots = .certificates([ca.nioSSLCertificate])`.
    public var nioSSLCertificate: NIOSSLCertificate { self.root.nioSSLCertificate }

    private var subjectName: DistinguishedName { self.root.certificate.subject }
    private var signingKey: Certificate.PrivateKey { Certificate.PrivateKey(self.root.privateKey) }

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
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let name = try DistinguishedName {
            OrganizationName("Courier Testing")
            CommonName(commonName)
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: publicKey,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        self.root = try TestCertificate(certificate: certificate, privateKey: key)
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
        var names: [GeneralName] = dnsNames.map { .dnsName($0) }
        for address in ipAddresses {
            names.append(.ipAddress(ASN1OctetString(contentBytes: try Self.addressBytes(address)[...])))
        }
        return try self.issue(
            commonName: commonName ?? dnsNames.first ?? ipAddresses.first ?? "Courier Test Server",
            usage: .serverAuth,
            alternativeNames: names,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter
        )
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
        try self.issue(
            commonName: commonName,
            usage: .clientAuth,
            alternativeNames: [],
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter
        )
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
        var names: [GeneralName] = dnsNames.map { .dnsName($0) }
        for address in ipAddresses {
            names.append(.ipAddress(ASN1OctetString(contentBytes: try Self.addressBytes(address)[...])))
        }
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let name = try DistinguishedName {
            OrganizationName("Courier Testing")
            CommonName(dnsNames.first ?? ipAddresses.first ?? "Courier Self-Signed Server")
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: publicKey,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                try ExtendedKeyUsage([.serverAuth])
                SubjectKeyIdentifier(hash: publicKey)
                SubjectAlternativeNames(names)
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        return try TestCertificate(certificate: certificate, privateKey: key)
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

    private func issue(
        commonName: String,
        usage: ExtendedKeyUsage.Usage,
        alternativeNames: [GeneralName],
        notValidBefore: Date,
        notValidAfter: Date
    ) throws -> TestCertificate {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let subject = try DistinguishedName {
            OrganizationName("Courier Testing")
            CommonName(commonName)
        }
        let authorityKeyIdentifier = SubjectKeyIdentifier(hash: self.certificate.publicKey).keyIdentifier
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: publicKey,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: self.subjectName,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([usage])
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: authorityKeyIdentifier)
                if !alternativeNames.isEmpty {
                    SubjectAlternativeNames(alternativeNames)
                }
            },
            issuerPrivateKey: self.signingKey
        )
        return try TestCertificate(certificate: certificate, privateKey: key)
    }

    /// The network-order bytes of an IPv4 or IPv6 address in text form.
    static func addressBytes(_ text: String) throws -> [UInt8] {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        throw InvalidIPAddressError(address: text)
    }
}
