import Foundation

/// An X.509 certificate as Courier shows it: its DER bytes, subject, issuer, validity and the
/// RFC 7469 pin of its public key.
///
/// Used for pinned certificates, in errors naming a server's certificate, in the server-trust challenge
/// and for client identities.
///
/// ```swift
/// let certificates = try TLSCertificate.certificates(pem: String(contentsOf: caFile, encoding: .utf8))
/// print(certificates[0].subject, certificates[0].publicKeyPin)   // CN=api.example.com sha256/…
/// ```
public struct TLSCertificate: Sendable, Hashable, CustomStringConvertible {
    /// The certificate, DER-encoded.
    public let derRepresentation: Data
    /// The subject's distinguished name, most specific part first (`CN=api.example.com, O=Example`).
    public let subject: String
    /// The issuer's distinguished name, in the same form.
    public let issuer: String
    /// The subject's common name, when it has one.
    public let commonName: String?
    /// The start of the validity period.
    public let notValidBefore: Date
    /// The end of the validity period.
    public let notValidAfter: Date
    /// The SHA-256 pin of the whole DER `SubjectPublicKeyInfo` (RFC 7469's `pin-sha256`, curl's
    /// `--pinnedpubkey sha256//…`).
    public let publicKeyPin: PublicKeyPin
    /// The DER `SubjectPublicKeyInfo`, whole (algorithm and key).
    let subjectPublicKeyInfo: [UInt8]

    /// Reads a DER-encoded certificate.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` when the bytes are not an X.509 certificate.
    public init(derRepresentation: some DataProtocol) throws {
        let bytes = Array(derRepresentation)
        do {
            try self.init(parsing: bytes)
        } catch let error as DER.DecodingError {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "not a valid X.509 certificate (\(error.description))", underlyingError: error)
        }
    }

    private init(parsing bytes: [UInt8]) throws {
        guard bytes.count <= Self.maximumSize else {
            throw DER.DecodingError("larger than \(Self.maximumSize / 1024) KiB")
        }
        let certificate = try DER.parse(bytes).children(expecting: DER.Tag.sequence, "the certificate")
        guard certificate.count == 3 else { throw DER.DecodingError("the certificate has the wrong shape") }
        var fields = try certificate[0].children(expecting: DER.Tag.sequence, "the TBS certificate")[...]
        if fields.first?.tag == DER.Tag.explicit(0) { fields = fields.dropFirst() }
        // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo
        guard fields.count >= 6 else { throw DER.DecodingError("the TBS certificate is missing fields") }
        let values = Array(fields)
        guard values[0].tag == DER.Tag.integer else { throw DER.DecodingError("the serial number is missing") }
        let issuerName = try Self.distinguishedName(values[2])
        let validity = try values[3].children(expecting: DER.Tag.sequence, "the validity")
        guard validity.count == 2 else { throw DER.DecodingError("the validity has the wrong shape") }
        let subjectName = try Self.distinguishedName(values[4])
        let keyInfo = values[5]
        guard keyInfo.tag == DER.Tag.sequence, try keyInfo.children().count == 2 else {
            throw DER.DecodingError("the subject public key info is malformed")
        }
        self.derRepresentation = Data(bytes)
        self.issuer = Self.render(issuerName)
        self.subject = Self.render(subjectName)
        self.commonName = subjectName.reversed().first { $0.0 == "CN" }?.1
        self.notValidBefore = try DER.date(validity[0])
        self.notValidAfter = try DER.date(validity[1])
        self.subjectPublicKeyInfo = Array(keyInfo.encoded)
        self.publicKeyPin = PublicKeyPin(subjectPublicKeyInfo: keyInfo.encoded)
    }

    /// The largest certificate accepted (real ones are a few kilobytes).
    static let maximumSize = 256 * 1024

    /// Every `CERTIFICATE` block of a PEM text, in order.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` when the text has no certificate or a damaged one.
    public static func certificates(pem: String) throws -> [TLSCertificate] {
        let blocks: [PEM.Block]
        do {
            blocks = try PEM.blocks(in: pem)
        } catch let error as PEM.DecodingError {
            throw CourierError(.invalidConfiguration, outcome: .notSent, message: error.description)
        }
        let certificates = try blocks.filter { $0.label == "CERTIFICATE" }.map {
            try TLSCertificate(derRepresentation: $0.der)
        }
        guard !certificates.isEmpty else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "the text has no PEM CERTIFICATE block (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }

    /// Every certificate of a PEM file (or the one certificate of a DER file).
    ///
    /// - Throws: ``CourierError`` `fileDoesNotExist` when the file cannot be read, `invalidConfiguration`
    ///   when it holds no valid certificate.
    public static func certificates(contentsOf file: URL) throws -> [TLSCertificate] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CourierError(
                .fileDoesNotExist, outcome: .notSent,
                message: "could not read the certificate file \(file.path): \(error.localizedDescription)",
                underlyingError: error)
        }
        if PEM.looksLikePEM(data) {
            return try certificates(pem: String(decoding: data, as: UTF8.self))
        }
        return [try TLSCertificate(derRepresentation: data)]
    }

    /// The certificate as a PEM `CERTIFICATE` block.
    public var pemRepresentation: String {
        PEM.armor(derRepresentation, label: "CERTIFICATE")
    }

    /// Whether `date` lies within the validity period.
    public func isValid(at date: Date = Date()) -> Bool {
        notValidBefore <= date && date <= notValidAfter
    }

    /// `"CN=…, O=… (sha256/…)"`.
    public var description: String {
        "\(subject) (\(publicKeyPin))"
    }

    // MARK: Distinguished names

    /// The attributes of a `Name`, in encoded order (least specific first), as (short name, value).
    private static func distinguishedName(_ node: DER.Node) throws -> [(String, String)] {
        var attributes: [(String, String)] = []
        for relativeName in try node.children(expecting: DER.Tag.sequence, "a name") {
            for attribute in try relativeName.children(expecting: DER.Tag.set, "a relative name") {
                let parts = try attribute.children(expecting: DER.Tag.sequence, "a name attribute")
                guard parts.count == 2 else { throw DER.DecodingError("a name attribute has the wrong shape") }
                let type = try parts[0].objectIdentifier()
                let name = DER.OID.attributeNames[type] ?? DER.OID.dotted(type)
                let value =
                    DER.string(parts[1]) ?? "#" + parts[1].encoded.map { String(format: "%02x", $0) }.joined()
                attributes.append((name, value))
            }
        }
        return attributes
    }

    /// RFC 4514 order (most specific first), `, `-separated, with its special characters escaped.
    private static func render(_ attributes: [(String, String)]) -> String {
        attributes.reversed().map { name, value in
            var escaped = ""
            for character in value {
                if ",+\"\\<>;=".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return "\(name)=\(escaped)"
        }.joined(separator: ", ")
    }
}
