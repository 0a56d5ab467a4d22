import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate and its P-256 private key, as a ``CertificateAuthority`` issues them, in every form a
/// TLS server or client needs: the swift-certificates value, DER, PEM, NIOSSL objects and PKCS #12.
///
/// The DER encoding and the NIOSSL objects are made once, when the value is made; the PEM forms are
/// encoded when asked for.
///
/// ```swift
/// let authority = try CertificateAuthority(commonName: "Example CA")
/// let leaf = try authority.makeServerCertificate(forHost: "api.example.com")
/// let tls = TLSConfiguration.makeServerConfiguration(
///     certificateChain: [.certificate(leaf.nioSSLCertificate)], privateKey: .privateKey(leaf.nioSSLPrivateKey))
/// ```
public struct IssuedCertificate: Sendable {
    /// The certificate as a swift-certificates value.
    public let certificate: Certificate
    /// The private key belonging to the certificate.
    public let privateKey: P256.Signing.PrivateKey
    /// The certificate, DER-encoded.
    public let certificateDER: [UInt8]
    /// The certificate, loaded into NIOSSL.
    public let nioSSLCertificate: NIOSSLCertificate
    /// The private key, loaded into NIOSSL.
    public let nioSSLPrivateKey: NIOSSLPrivateKey

    /// The certificate as a PEM `CERTIFICATE` block.
    public var certificatePEM: String { PEMDocument(type: "CERTIFICATE", derBytes: self.certificateDER).pemString }

    /// The private key as a PEM `PRIVATE KEY` (PKCS #8) block.
    public var privateKeyPEM: String { self.privateKey.pemRepresentation }

    /// The private key, DER-encoded (PKCS #8).
    public var privateKeyDER: [UInt8] { Array(self.privateKey.derRepresentation) }

    /// Wraps a certificate and its key, encoding the certificate as DER and loading both into NIOSSL.
    ///
    /// - Parameters:
    ///   - certificate: The certificate.
    ///   - privateKey: The private key whose public key the certificate carries (not checked).
    /// - Throws: An encoding error from swift-certificates or a loading error from NIOSSL (not expected for
    ///   a certificate that swift-certificates built).
    public init(certificate: Certificate, privateKey: P256.Signing.PrivateKey) throws {
        self.certificate = certificate
        self.privateKey = privateKey
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        self.certificateDER = serializer.serializedBytes
        self.nioSSLCertificate = try NIOSSLCertificate(bytes: self.certificateDER, format: .der)
        self.nioSSLPrivateKey = try NIOSSLPrivateKey(bytes: Array(privateKey.derRepresentation), format: .der)
    }

    /// The certificate and its key as a PKCS #12 (`.p12`) file, with `intermediates` after the certificate,
    /// protected by `passphrase` (BoringSSL's choice of encryption, as `NIOSSLPKCS12Bundle` writes it).
    ///
    /// - Parameters:
    ///   - passphrase: The passphrase that protects the key and the certificates.
    ///   - intermediates: Certificates to add after this one, in order (its issuers up to, not including,
    ///     the root).
    /// - Throws: A NIOSSL error if the bundle cannot be written (not expected).
    public func pkcs12Data(passphrase: String, intermediates: [IssuedCertificate] = []) throws -> Data {
        let bundle = NIOSSLPKCS12Bundle(
            certificateChain: [self.nioSSLCertificate] + intermediates.map(\.nioSSLCertificate),
            privateKey: self.nioSSLPrivateKey)
        return Data(try bundle.serialize(passphrase: Array(passphrase.utf8)))
    }
}
