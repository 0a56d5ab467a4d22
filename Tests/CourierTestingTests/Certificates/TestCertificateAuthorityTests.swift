import CourierTesting
import Foundation
import NIOSSL
import SwiftASN1
import Testing
import X509

@Suite("TestCertificateAuthority")
struct TestCertificateAuthorityTests {
    @Test("The CA certificate is self-signed and marked as a CA")
    func authorityIsSelfSignedCA() throws {
        let authority = try TestCertificateAuthority(commonName: "Example CA")
        let certificate = authority.certificate
        #expect(certificate.subject == certificate.issuer)
        #expect(certificate.subject.description.contains("CN=Example CA"))
        #expect(certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
        let constraints = try #require(try certificate.extensions.basicConstraints)
        #expect(constraints == .isCertificateAuthority(maxPathLength: nil))
        #expect(try certificate.extensions.keyUsage?.keyCertSign == true)
    }

    @Test("A server certificate names localhost, 127.0.0.1 and ::1 and is signed by the CA")
    func serverCertificate() throws {
        let authority = try TestCertificateAuthority()
        let leaf = try authority.makeServerCertificate()
        let certificate = leaf.certificate
        #expect(certificate.issuer == authority.certificate.subject)
        #expect(authority.certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
        let names = try #require(try certificate.extensions.subjectAlternativeNames)
        #expect(
            Array(names) == [
                .dnsName("localhost"),
                .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
            ]
        )
        #expect(try certificate.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(try certificate.extensions.basicConstraints == .notCertificateAuthority)
    }

    @Test("A client certificate is for client authentication and carries its common name")
    func clientCertificate() throws {
        let authority = try TestCertificateAuthority()
        let leaf = try authority.makeClientCertificate(commonName: "alice")
        #expect(leaf.certificate.subject.description.contains("CN=alice"))
        #expect(try leaf.certificate.extensions.extendedKeyUsage?.contains(.clientAuth) == true)
        #expect(try leaf.certificate.extensions.subjectAlternativeNames == nil)
    }

    @Test("Validity is configurable, so expired certificates can be made")
    func validity() throws {
        let authority = try TestCertificateAuthority()
        let notAfter = Date(timeIntervalSinceNow: -86400)
        let expired = try authority.makeServerCertificate(
            notValidBefore: Date(timeIntervalSinceNow: -2 * 86400),
            notValidAfter: notAfter
        )
        #expect(abs(expired.certificate.notValidAfter.timeIntervalSince(notAfter)) < 1)
        #expect(expired.certificate.notValidAfter < Date())
    }

    @Test("PEM, DER and NIOSSL forms describe the same certificate and key")
    func encodings() throws {
        let authority = try TestCertificateAuthority()
        let leaf = try authority.makeServerCertificate(dnsNames: ["example.test"], ipAddresses: ["10.0.0.1"])
        #expect(leaf.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(try Certificate(pemEncoded: leaf.certificatePEM) == leaf.certificate)
        #expect(try Certificate(derEncoded: leaf.certificateDER) == leaf.certificate)
        #expect(try leaf.nioSSLCertificate.toDERBytes() == leaf.certificateDER)
        #expect(try NIOSSLCertificate(bytes: Array(leaf.certificatePEM.utf8), format: .pem) == leaf.nioSSLCertificate)
        #expect(leaf.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try NIOSSLPrivateKey(bytes: leaf.privateKeyDER, format: .der) == leaf.nioSSLPrivateKey)
        #expect(try authority.nioSSLCertificate.toDERBytes() == authority.certificateDER)
        #expect(leaf.certificate.subject.description.contains("CN=example.test"))
    }

    @Test("The CA PEM can be written to a temporary file and loaded back")
    func temporaryFile() throws {
        let authority = try TestCertificateAuthority()
        let url = try authority.writeCertificatePEMToTemporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try String(contentsOf: url, encoding: .utf8) == authority.certificatePEM)
        let loaded = try NIOSSLCertificate.fromPEMFile(url.path)
        #expect(loaded == [authority.nioSSLCertificate])
    }

    @Test("Two authorities are unrelated")
    func unrelatedAuthorities() throws {
        let first = try TestCertificateAuthority()
        let second = try TestCertificateAuthority()
        let leaf = try first.makeServerCertificate()
        #expect(first.certificateDER != second.certificateDER)
        #expect(!second.certificate.publicKey.isValidSignature(leaf.certificate.signature, for: leaf.certificate))
    }

    @Test("An unparseable IP address is an error")
    func invalidIPAddress() throws {
        let authority = try TestCertificateAuthority()
        #expect(throws: TestCertificateAuthority.InvalidIPAddressError.self) {
            try authority.makeServerCertificate(ipAddresses: ["300.1.2.3"])
        }
    }
}
