import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

@testable import Courier

/// A private CA made at test time: "Courier Test Root" → "Courier Test Intermediate" → leaves, all P-256.
///
/// Validity windows are around the real time of creation, so handshakes (which evaluate at the real time) and
/// evaluator tests (which evaluate at ``now``) agree.
struct TestPKI: Sendable {
    /// A certificate with its key, in every form the tests need.
    struct Issued: Sendable {
        let certificate: Certificate
        let key: P256.Signing.PrivateKey
        let der: [UInt8]
        let pem: String
        let chainCertificate: ChainCertificate
        let nioCertificate: NIOSSLCertificate
        let nioKey: NIOSSLPrivateKey

        init(certificate: Certificate, key: P256.Signing.PrivateKey) throws {
            self.certificate = certificate
            self.key = key
            var serializer = SwiftASN1.DER.Serializer()
            try serializer.serialize(certificate)
            self.der = serializer.serializedBytes
            self.pem = try certificate.serializeAsPEM().pemString
            self.chainCertificate = try ChainCertificate(derEncoded: der)
            self.nioCertificate = try NIOSSLCertificate(bytes: der, format: .der)
            self.nioKey = try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        }
    }

    /// The time the certificates were made; evaluator tests evaluate at this time.
    let now: Date
    let root: Issued
    let intermediate: Issued
    /// For `localhost`, `127.0.0.1` and `::1`, server and client authentication.
    let leaf: Issued

    static let day: TimeInterval = 86_400

    init(rootName: String = "Courier Test Root", intermediateName: String = "Courier Test Intermediate") throws {
        let now = Date()
        self.now = now
        let root = try Self.makeCA(name: rootName, issuer: nil, now: now)
        let intermediate = try Self.makeCA(name: intermediateName, issuer: root, now: now)
        self.root = root
        self.intermediate = intermediate
        self.leaf = try Self.makeLeaf(issuer: intermediate, now: now)
    }

    /// A leaf issued by the intermediate.
    func leaf(
        commonName: String = "localhost", dnsNames: [String] = ["localhost"],
        ipAddresses: [[UInt8]] = [[127, 0, 0, 1], Array(repeating: 0, count: 15) + [1]],
        notValidBefore: Date? = nil, notValidAfter: Date? = nil,
        usages: [ExtendedKeyUsage.Usage]? = [.serverAuth, .clientAuth], selfSigned: Bool = false,
        extraExtensions: [Certificate.Extension] = []
    ) throws -> Issued {
        try Self.makeLeaf(
            issuer: selfSigned ? nil : intermediate, now: now, commonName: commonName, dnsNames: dnsNames,
            ipAddresses: ipAddresses, notValidBefore: notValidBefore, notValidAfter: notValidAfter, usages: usages,
            extraExtensions: extraExtensions)
    }

    /// The presented chain leaf → intermediate, in DER.
    func presented(_ leaf: Issued? = nil) -> [[UInt8]] {
        [(leaf ?? self.leaf).der, intermediate.der]
    }

    /// Only this PKI's root, no system store.
    var anchorsOnly: CertificateTrustRoots {
        CertificateTrustRoots(anchors: [root.chainCertificate], systemRoots: nil)
    }

    /// An evaluator trusting only this PKI's root, at ``now``.
    func evaluator(pins: [CertificatePin] = [], at time: Date? = nil) -> CertificateChainEvaluator {
        let time = time ?? now
        return CertificateChainEvaluator(roots: anchorsOnly, pins: pins, now: { time })
    }

    private static func makeCA(name: String, issuer: Issued?, now: Date) throws -> Issued {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName {
            OrganizationName("Courier Tests")
            CommonName(name)
        }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: now - 30 * day, notValidAfter: now + 3650 * day,
            issuer: issuer?.certificate.subject ?? subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: .init(issuer?.key ?? key))
        return try Issued(certificate: certificate, key: key)
    }

    private static func makeLeaf(
        issuer: Issued?, now: Date, commonName: String = "localhost", dnsNames: [String] = ["localhost"],
        ipAddresses: [[UInt8]] = [[127, 0, 0, 1], Array(repeating: 0, count: 15) + [1]],
        notValidBefore: Date? = nil, notValidAfter: Date? = nil,
        usages: [ExtendedKeyUsage.Usage]? = [.serverAuth, .clientAuth], extraExtensions: [Certificate.Extension] = []
    ) throws -> Issued {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName {
            OrganizationName("Courier Tests")
            CommonName(commonName)
        }
        let names =
            dnsNames.map { GeneralName.dnsName($0) }
            + ipAddresses.map { GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice($0))) }
        var extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            if let usages { try ExtendedKeyUsage(usages) }
            SubjectAlternativeNames(names)
        }
        for extraExtension in extraExtensions { try extensions.append(extraExtension) }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: notValidBefore ?? now - day, notValidAfter: notValidAfter ?? now + 30 * day,
            issuer: issuer?.certificate.subject ?? subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: .init(issuer?.key ?? key))
        return try Issued(certificate: certificate, key: key)
    }
}
