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

/// A certificate authority generated in process (P-256, self-signed), and the leaf certificates it issues
/// for servers and clients.
///
/// Each instance is a new, independent CA with its own key: a client trusts the certificates it issues only
/// when it trusts ``certificate`` (``certificatePEM`` in a trust store, ``nioSSLCertificate`` in
/// `trustRoots`). Issuing a leaf is cheap (one key pair and one ECDSA signature, or only the signature when
/// the caller passes a key it keeps), so a TLS-intercepting proxy can issue one per host it is asked for.
///
/// ```swift
/// let authority = try CertificateAuthority(commonName: "Example Proxy CA")
/// let leaf = try authority.makeServerCertificate(forHost: "api.example.com")
/// var tls = TLSConfiguration.makeClientConfiguration()
/// tls.trustRoots = .certificates([authority.nioSSLCertificate])
/// ```
public struct CertificateAuthority: Sendable {
    /// Thrown for an address given as an IP address subject alternative name that is neither an IPv4 nor
    /// an IPv6 address.
    public struct InvalidIPAddressError: Error, CustomStringConvertible {
        /// The text that is neither an IPv4 nor an IPv6 address.
        public var address: String
        /// A description naming the address.
        public var description: String { "not an IP address: \(self.address)" }
    }

    /// The CA's own self-signed certificate and key.
    public let root: IssuedCertificate

    /// The CA certificate as a swift-certificates value.
    public var certificate: Certificate { self.root.certificate }
    /// The CA certificate, DER-encoded.
    public var certificateDER: [UInt8] { self.root.certificateDER }
    /// The CA certificate as a PEM block, for trust stores and `--cacert` style options.
    public var certificatePEM: String { self.root.certificatePEM }
    /// The CA certificate loaded into NIOSSL, for `trustRoots = .certificates([authority.nioSSLCertificate])`.
    public var nioSSLCertificate: NIOSSLCertificate { self.root.nioSSLCertificate }

    /// The organization named in the CA's subject and in the subjects of the certificates it issues.
    public let organizationName: String

    /// The key identifier of the CA's public key, named by every certificate it issues.
    private let keyIdentifier: ArraySlice<UInt8>

    /// Generates a new CA key and a self-signed CA certificate.
    ///
    /// - Parameters:
    ///   - commonName: The CA's subject common name, which users see when they decide to trust it.
    ///   - organizationName: The subject organization of the CA and of the certificates it issues.
    ///   - notValidBefore: Start of validity; an hour ago by default, to tolerate clock skew.
    ///   - notValidAfter: End of validity; a year from now by default.
    /// - Throws: An error from swift-certificates or NIOSSL if the certificate cannot be built (not expected).
    public init(
        commonName: String = "Courier Certificate Authority",
        organizationName: String = "Courier",
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 365 * 86400)
    ) throws {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let name = try Self.name(commonName: commonName, organizationName: organizationName)
        let certificate = try Self.sign(
            subject: name, publicKey: publicKey, issuer: name, issuerKey: key, notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            })
        self.root = try IssuedCertificate(certificate: certificate, privateKey: key)
        self.organizationName = organizationName
        self.keyIdentifier = SubjectKeyIdentifier(hash: publicKey).keyIdentifier
    }

    /// Issues a server (TLS `serverAuth`) certificate for the given names.
    ///
    /// - Parameters:
    ///   - dnsNames: DNS subject alternative names.
    ///   - ipAddresses: IPv4 or IPv6 subject alternative names, in text form.
    ///   - commonName: The subject common name; the first DNS name (or else the first address) by default.
    ///   - privateKey: The leaf's key; a new one by default. Passing one key for many leaves saves
    ///     generating a key pair for each.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default. Pass a past date for an expired
    ///     certificate.
    /// - Throws: ``InvalidIPAddressError`` for an unparseable address, or a certificate-building error.
    public func makeServerCertificate(
        dnsNames: [String] = ["localhost"],
        ipAddresses: [String] = ["127.0.0.1", "::1"],
        commonName: String? = nil,
        privateKey: P256.Signing.PrivateKey = P256.Signing.PrivateKey(),
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> IssuedCertificate {
        try self.issue(
            commonName: commonName ?? dnsNames.first ?? ipAddresses.first ?? "Courier Server",
            usage: .serverAuth,
            alternativeNames: try Self.alternativeNames(dnsNames: dnsNames, ipAddresses: ipAddresses),
            privateKey: privateKey,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter
        )
    }

    /// Issues a server certificate for one host, as a client names it in a URL: an IP address (an IPv6
    /// address with or without brackets) becomes an IP address subject alternative name, anything else a
    /// DNS name. The host is also the common name.
    ///
    /// - Parameters:
    ///   - host: The host name or address, such as `api.example.com`, `127.0.0.1` or `[::1]`.
    ///   - privateKey: The leaf's key; a new one by default. Passing one key for many leaves saves
    ///     generating a key pair for each.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default.
    /// - Throws: A certificate-building error (not expected).
    public func makeServerCertificate(
        forHost host: String,
        privateKey: P256.Signing.PrivateKey = P256.Signing.PrivateKey(),
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> IssuedCertificate {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let name: GeneralName
        if let address = Self.addressBytesIfAddress(bare) {
            name = .ipAddress(ASN1OctetString(contentBytes: address[...]))
        } else {
            name = .dnsName(bare)
        }
        return try self.issue(
            commonName: bare, usage: .serverAuth, alternativeNames: [name], privateKey: privateKey,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter)
    }

    /// Issues a client (TLS `clientAuth`) certificate, for mutual TLS.
    ///
    /// - Parameters:
    ///   - commonName: The subject common name, which a server can read to identify the client.
    ///   - privateKey: The client's key; a new one by default.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default.
    /// - Throws: A certificate-building error (not expected).
    public func makeClientCertificate(
        commonName: String = "Courier Client",
        privateKey: P256.Signing.PrivateKey = P256.Signing.PrivateKey(),
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> IssuedCertificate {
        try self.issue(
            commonName: commonName,
            usage: .clientAuth,
            alternativeNames: [],
            privateKey: privateKey,
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
    ///   - organizationName: The subject organization.
    ///   - notValidBefore: Start of validity; an hour ago by default.
    ///   - notValidAfter: End of validity; 30 days from now by default.
    /// - Throws: ``InvalidIPAddressError`` for an unparseable address, or a certificate-building error.
    public static func makeSelfSignedServerCertificate(
        dnsNames: [String] = ["localhost"],
        ipAddresses: [String] = ["127.0.0.1", "::1"],
        organizationName: String = "Courier",
        notValidBefore: Date = Date(timeIntervalSinceNow: -3600),
        notValidAfter: Date = Date(timeIntervalSinceNow: 30 * 86400)
    ) throws -> IssuedCertificate {
        let names = try Self.alternativeNames(dnsNames: dnsNames, ipAddresses: ipAddresses)
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let name = try Self.name(
            commonName: dnsNames.first ?? ipAddresses.first ?? "Courier Self-Signed Server",
            organizationName: organizationName)
        let certificate = try Self.sign(
            subject: name, publicKey: publicKey, issuer: name, issuerKey: key, notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            extensions: try Certificate.Extensions {
                try ExtendedKeyUsage([.serverAuth])
                SubjectKeyIdentifier(hash: publicKey)
                SubjectAlternativeNames(names)
            })
        return try IssuedCertificate(certificate: certificate, privateKey: key)
    }

    private func issue(
        commonName: String,
        usage: ExtendedKeyUsage.Usage,
        alternativeNames: [GeneralName],
        privateKey: P256.Signing.PrivateKey,
        notValidBefore: Date,
        notValidAfter: Date
    ) throws -> IssuedCertificate {
        let publicKey = Certificate.PublicKey(privateKey.publicKey)
        let certificate = try Self.sign(
            subject: try Self.name(commonName: commonName, organizationName: self.organizationName),
            publicKey: publicKey, issuer: self.certificate.subject, issuerKey: self.root.privateKey,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([usage])
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: self.keyIdentifier)
                if !alternativeNames.isEmpty {
                    SubjectAlternativeNames(alternativeNames)
                }
            })
        return try IssuedCertificate(certificate: certificate, privateKey: privateKey)
    }

    /// A version 3 certificate with a random serial number, signed with ECDSA P-256 and SHA-256.
    private static func sign(
        subject: DistinguishedName,
        publicKey: Certificate.PublicKey,
        issuer: DistinguishedName,
        issuerKey: P256.Signing.PrivateKey,
        notValidBefore: Date,
        notValidAfter: Date,
        extensions: Certificate.Extensions
    ) throws -> Certificate {
        try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: publicKey,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: issuer,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(issuerKey)
        )
    }

    private static func name(commonName: String, organizationName: String) throws -> DistinguishedName {
        try DistinguishedName {
            OrganizationName(organizationName)
            CommonName(commonName)
        }
    }

    private static func alternativeNames(dnsNames: [String], ipAddresses: [String]) throws -> [GeneralName] {
        var names: [GeneralName] = dnsNames.map { .dnsName($0) }
        for address in ipAddresses {
            guard let bytes = Self.addressBytesIfAddress(address) else { throw InvalidIPAddressError(address: address) }
            names.append(.ipAddress(ASN1OctetString(contentBytes: bytes[...])))
        }
        return names
    }

    /// The network-order bytes of an IPv4 or IPv6 address in text form, or `nil` for other text.
    static func addressBytesIfAddress(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}
