import Crypto
import Foundation
import SwiftASN1
import X509

/// One certificate of a TLS chain, parsed once: its DER bytes, the swift-certificates view of it, and the bytes
/// of its `SubjectPublicKeyInfo` exactly as encoded (what RFC 7469 key pins hash).
///
/// Errors and pins describe certificates by these fields, so they are computed once per certificate.
struct ChainCertificate: Sendable, Hashable {
    /// The certificate, DER-encoded, as it came.
    let derBytes: [UInt8]
    /// The parsed certificate.
    let certificate: Certificate
    /// The whole `SubjectPublicKeyInfo` (algorithm and key) as encoded in the certificate.
    let subjectPublicKeyInfo: [UInt8]

    /// The largest certificate accepted; real ones are a few kilobytes.
    static let maximumSize = 256 * 1024

    /// Why some bytes are not a certificate Courier can evaluate.
    struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, for the message.
        let description: String
    }

    /// Parses a DER-encoded X.509 certificate.
    ///
    /// - Throws: ``ParseError`` when the bytes are larger than ``maximumSize`` or are not an X.509 certificate.
    init(derEncoded bytes: [UInt8]) throws(ParseError) {
        guard bytes.count <= Self.maximumSize else {
            throw ParseError(description: "larger than \(Self.maximumSize / 1024) KiB")
        }
        do {
            // `DER` is qualified: Courier has a `DER` type of its own.
            let root = try SwiftASN1.DER.parse(bytes)
            self.certificate = try Certificate(derEncoded: root)
            self.subjectPublicKeyInfo = try Self.subjectPublicKeyInfo(of: root)
        } catch {
            throw ParseError(description: "not a valid X.509 certificate (\(error))")
        }
        self.derBytes = bytes
    }

    /// Wraps a certificate that swift-certificates already holds (a trust root), serializing it once.
    ///
    /// - Throws: ``ParseError`` when the certificate cannot be serialized.
    init(_ certificate: Certificate) throws(ParseError) {
        let bytes: [UInt8]
        do {
            var serializer = SwiftASN1.DER.Serializer()
            try serializer.serialize(certificate)
            bytes = serializer.serializedBytes
        } catch {
            throw ParseError(description: "the certificate cannot be encoded (\(error))")
        }
        try self.init(derEncoded: bytes)
    }

    /// The SHA-256 digest of the whole certificate.
    var certificateSHA256: [UInt8] { Array(SHA256.hash(data: derBytes)) }

    /// The SHA-256 digest of the `SubjectPublicKeyInfo` (RFC 7469's `pin-sha256`).
    var subjectPublicKeyInfoSHA256: [UInt8] { Array(SHA256.hash(data: subjectPublicKeyInfo)) }

    /// The subject's common name, or its whole distinguished name when it has none.
    var subjectName: String { Self.displayName(certificate.subject) }

    /// The issuer's common name, or its whole distinguished name when it has none.
    var issuerName: String { Self.displayName(certificate.issuer) }

    /// Whether the certificate names itself as its issuer.
    var isSelfIssued: Bool { certificate.subject == certificate.issuer }

    /// `CN=…, issuer CN=…, valid 2026-01-01T00:00:00Z to 2027-01-01T00:00:00Z`, for messages.
    var summary: String {
        "\(certificate.subject) (issuer \(certificate.issuer), valid \(Self.format(certificate.notValidBefore)) to \(Self.format(certificate.notValidAfter)))"
    }

    /// A name for messages: the common name when there is one.
    static func displayName(_ name: DistinguishedName) -> String {
        for relativeName in name.reversed() {
            for attribute in relativeName where attribute.type == .RDNAttributeType.commonName {
                if let value = String(attribute.value) { return value }
            }
        }
        let whole = String(describing: name)
        return whole.isEmpty ? "(no name)" : whole
    }

    /// An ISO 8601 date in UTC, as messages show dates.
    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Finds `SubjectPublicKeyInfo` in `Certificate ::= SEQUENCE { tbsCertificate, … }` where
    /// `TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber, signature, issuer, validity, subject,
    /// subjectPublicKeyInfo, … }` (RFC 5280, 4.1), keeping its original encoding.
    private static func subjectPublicKeyInfo(of root: ASN1Node) throws(ParseError) -> [UInt8] {
        guard case .constructed(let certificateFields) = root.content,
            let tbs = certificateFields.first(where: { _ in true }),
            case .constructed(let tbsFields) = tbs.content
        else {
            throw ParseError(description: "the certificate has the wrong shape")
        }
        var fields = Array(tbsFields)
        if let first = fields.first, first.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            fields.removeFirst()
        }
        guard fields.count >= 6, fields[5].identifier == .sequence else {
            throw ParseError(description: "the certificate has no subject public key info")
        }
        return Array(fields[5].encodedBytes)
    }
}
