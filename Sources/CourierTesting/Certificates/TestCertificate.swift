import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate and its P-256 private key, issued by a ``TestCertificateAuthority``, in every form a test
/// may need: X509 value, DER, PEM and NIOSSL objects.
public struct TestCertificate: Sendable {
    /// The certificate as a swift-certificates value.
    public let certificate: Certificate
    /// The private key belonging to the certificate.
    public let privateKey: P256.Signing.PrivateKey
    /// The certificate, DER-encoded.
    public let certificateDER: [UInt8]
    /// The certificate as a PEM `CERTIFICATE` block.
    public let certificatePEM: String
    /// The certificate, loaded into NIOSSL.
    public let nioSSLCertificate: NIOSSLCertificate
    /// The private key, loaded into NIOSSL.
    public let nioSSLPrivateKey: NIOSSLPrivateKey

    /// The private key as a PEM `PRIVATE KEY` (PKCS #8) block.
    public var privateKeyPEM: String { self.privateKey.pemRepresentation }

    /// The private key, DER-encoded (PKCS #8).
    public var privateKeyDER: [UInt8] { Array(self.privateKey.derRepresentation) }

    /// The certificate and its key as a PKCS#12 (`.p12`) file, with `intermediates` after the certificate,
    /// protected by `passphrase` (BoringSSL's choice of encryption, as `NIOSSLPKCS12Bundle` writes it).
    ///
    /// - Throws: A NIOSSL error if the bundle cannot be written (not expected).
    public func pkcs12Data(passphrase: String, intermediates: [TestCertificate] = []) throws -> Data {
        let bundle = NIOSSLPKCS12Bundle(
            certificateChain: [self.nioSSLCertificate] + intermediates.map(\.nioSSLCertificate),
            privateKey: self.nioSSLPrivateKey)
        return Data(try bundle.serialize(passphrase: Array(passphrase.utf8)))
    }

    /// Wraps a certificate and key, encoding them once in every form.
    ///
    /// - Throws: An encoding error from swift-certificates or a loading error from NIOSSL.
    public init(certificate: Certificate, privateKey: P256.Signing.PrivateKey) throws {
        self.certificate = certificate
        self.privateKey = privateKey
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        self.certificateDER = serializer.serializedBytes
        self.certificatePEM = try certificate.serializeAsPEM().pemString
        self.nioSSLCertificate = try NIOSSLCertificate(bytes: self.certificateDER, format: .der)
        self.nioSSLPrivateKey = try NIOSSLPrivateKey(bytes: Array(privateKey.pemRepresentation.utf8), format: .pem)
    }
}
