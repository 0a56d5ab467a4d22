import CourierCertificates
import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import Testing
import X509

@Suite("CertificateAuthority")
struct CertificateAuthorityTests {
    @Test("A new authority is a self-signed CA named by its common name and organization")
    func authorityIsSelfSignedCA() throws {
        let authority = try CertificateAuthority(commonName: "Example Proxy CA", organizationName: "Example")
        let certificate = authority.certificate
        #expect(certificate.subject == certificate.issuer)
        #expect(certificate.subject.description == "CN=Example Proxy CA,O=Example")
        #expect(certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
        #expect(try certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: nil))
        #expect(try certificate.extensions.keyUsage?.keyCertSign == true)
        #expect(authority.organizationName == "Example")
    }

    @Test("The defaults name Courier, not a test")
    func defaultNames() throws {
        let authority = try CertificateAuthority()
        #expect(authority.certificate.subject.description == "CN=Courier Certificate Authority,O=Courier")
        let leaf = try authority.makeClientCertificate()
        #expect(leaf.certificate.subject.description == "CN=Courier Client,O=Courier")
    }

    @Test(
        "A leaf for one host carries it as a DNS name or an IP address and verifies for it",
        arguments: [
            ("api.example.com", GeneralName.dnsName("api.example.com"), "api.example.com"),
            ("192.0.2.7", GeneralName.ipAddress(ASN1OctetString(contentBytes: [192, 0, 2, 7])), "192.0.2.7"),
            (
                "[2001:db8::1]",
                GeneralName.ipAddress(
                    ASN1OctetString(contentBytes: [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
                "2001:db8::1"
            ),
        ] as [(String, GeneralName, String)])
    func leafForHost(host: String, name: GeneralName, bare: String) async throws {
        let authority = try CertificateAuthority()
        let leaf = try authority.makeServerCertificate(forHost: host)
        #expect(Array(try #require(try leaf.certificate.extensions.subjectAlternativeNames)) == [name])
        #expect(leaf.certificate.subject.description == "CN=\(bare),O=Courier")
        #expect(try leaf.certificate.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        let isAddress = bare.contains(":") || bare.allSatisfy { $0.isNumber || $0 == "." }
        #expect(
            await Self.verifies(
                leaf, under: authority, hostname: isAddress ? nil : bare, address: isAddress ? bare : nil))
        #expect(!(await Self.verifies(leaf, under: authority, hostname: "other.example.com", address: nil)))
    }

    @Test("A leaf does not verify under another authority")
    func otherAuthority() async throws {
        let leaf = try CertificateAuthority().makeServerCertificate(forHost: "api.example.com")
        let other = try CertificateAuthority()
        #expect(!(await Self.verifies(leaf, under: other, hostname: "api.example.com", address: nil)))
    }

    @Test("One key can serve many leaves; each leaf still has its own serial number and names")
    func sharedLeafKey() throws {
        let authority = try CertificateAuthority()
        let key = P256.Signing.PrivateKey()
        let first = try authority.makeServerCertificate(forHost: "a.example", privateKey: key)
        let second = try authority.makeServerCertificate(forHost: "b.example", privateKey: key)
        #expect(first.certificate.publicKey == Certificate.PublicKey(key.publicKey))
        #expect(second.certificate.publicKey == first.certificate.publicKey)
        #expect(first.certificate.serialNumber != second.certificate.serialNumber)
        #expect(first.nioSSLPrivateKey == second.nioSSLPrivateKey)
    }

    @Test("Server certificates name DNS names and addresses; a bad address is an error naming it")
    func serverCertificateNames() throws {
        let authority = try CertificateAuthority()
        let leaf = try authority.makeServerCertificate(dnsNames: ["a.example", "b.example"], ipAddresses: ["10.0.0.1"])
        #expect(
            Array(try #require(try leaf.certificate.extensions.subjectAlternativeNames)) == [
                .dnsName("a.example"), .dnsName("b.example"),
                .ipAddress(ASN1OctetString(contentBytes: [10, 0, 0, 1])),
            ])
        #expect(leaf.certificate.subject.description == "CN=a.example,O=Courier")
        let error = #expect(throws: CertificateAuthority.InvalidIPAddressError.self) {
            try authority.makeServerCertificate(ipAddresses: ["300.1.2.3"])
        }
        #expect(error?.description == "not an IP address: 300.1.2.3")
    }

    @Test("A self-signed server certificate is its own issuer and not a CA")
    func selfSigned() throws {
        let leaf = try CertificateAuthority.makeSelfSignedServerCertificate(
            dnsNames: ["example.test"], ipAddresses: ["::1"], organizationName: "Example")
        #expect(leaf.certificate.subject == leaf.certificate.issuer)
        #expect(leaf.certificate.subject.description == "CN=example.test,O=Example")
        #expect(leaf.certificate.publicKey.isValidSignature(leaf.certificate.signature, for: leaf.certificate))
        #expect(try leaf.certificate.extensions.basicConstraints == nil)
        #expect(try leaf.certificate.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
    }

    @Test("PEM, DER, NIOSSL and PKCS #12 forms describe the same certificate and key")
    func encodings() throws {
        let authority = try CertificateAuthority()
        let leaf = try authority.makeClientCertificate(commonName: "device-1")
        #expect(try Certificate(pemEncoded: leaf.certificatePEM) == leaf.certificate)
        #expect(try Certificate(derEncoded: leaf.certificateDER) == leaf.certificate)
        #expect(try leaf.nioSSLCertificate.toDERBytes() == leaf.certificateDER)
        #expect(try NIOSSLPrivateKey(bytes: Array(leaf.privateKeyPEM.utf8), format: .pem) == leaf.nioSSLPrivateKey)
        #expect(
            try P256.Signing.PrivateKey(derRepresentation: leaf.privateKeyDER).publicKey.rawRepresentation
                == leaf.privateKey.publicKey.rawRepresentation)
        let bundle = try NIOSSLPKCS12Bundle(
            buffer: Array(try leaf.pkcs12Data(passphrase: "secret", intermediates: [authority.root])),
            passphrase: Array("secret".utf8))
        #expect(bundle.certificateChain == [leaf.nioSSLCertificate, authority.nioSSLCertificate])
        #expect(bundle.privateKey == leaf.nioSSLPrivateKey)
        #expect(try authority.nioSSLCertificate.toDERBytes() == authority.certificateDER)
        #expect(try Certificate(pemEncoded: authority.certificatePEM) == authority.certificate)
    }

    /// Whether swift-certificates' RFC 5280 and server identity policies accept `leaf` with only the
    /// authority's certificate as a root.
    static func verifies(
        _ leaf: IssuedCertificate, under authority: CertificateAuthority, hostname: String?, address: String?
    ) async -> Bool {
        var verifier = Verifier(rootCertificates: CertificateStore([authority.certificate])) {
            RFC5280Policy()
            ServerIdentityPolicy(serverHostname: hostname, serverIP: address)
        }
        let result = await verifier.validate(leaf: leaf.certificate, intermediates: CertificateStore())
        if case .validCertificate = result { return true }
        return false
    }
}
