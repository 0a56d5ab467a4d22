import CourierSecurity
import Foundation

/// A pinned public key: the SHA-256 digest of a certificate's whole DER `SubjectPublicKeyInfo`, as
/// RFC 7469 (`pin-sha256`) and curl (`--pinnedpubkey sha256//…`) define it.
///
/// Courier checks pins against every certificate of the verified chain, so a pin may name the server's own
/// key (add backup pins for the keys it may rotate to) or an intermediate's or root's.
///
/// Compute a pin from a certificate on the command line:
///
/// ```sh
/// openssl x509 -in server.pem -pubkey -noout | openssl pkey -pubin -outform der \
///     | openssl dgst -sha256 -binary | base64
/// ```
///
/// ```swift
/// let pin = try PublicKeyPin("sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
/// ```
public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte SHA-256 digest.
    public let sha256Digest: Data

    /// Reads a pin written as `sha256/BASE64` (also `sha256//BASE64`, curl's form, and
    /// `pin-sha256="BASE64"`, the HTTP header's form) or as the bare base64 of the digest.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` when the text is not the base64 of a
    ///   32-byte digest.
    public init(_ text: String) throws {
        let digest = CertificatePin.encodedDigests(in: text).lazy.compactMap(CertificatePin.base64Digest).first
        guard let digest else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message:
                    "'\(text.prefix(100))' is not a public-key pin: expected sha256/ followed by the base64 of a 32-byte SHA-256 digest (44 characters)"
            )
        }
        self.sha256Digest = Data(digest)
    }

    /// A pin from the digest bytes.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` unless there are exactly 32 bytes.
    public init(sha256Digest: some DataProtocol) throws {
        guard sha256Digest.count == 32 else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "a SHA-256 pin has 32 bytes, not \(sha256Digest.count)")
        }
        self.sha256Digest = Data(sha256Digest)
    }

    /// The pin of a DER `SubjectPublicKeyInfo` (the whole structure: algorithm identifier and key).
    public init(subjectPublicKeyInfo: some DataProtocol) {
        self.sha256Digest = Digester.digest(subjectPublicKeyInfo, using: .sha256).bytes
    }

    /// The pins of the certificates in a PEM text (for example the server's current and next certificates).
    ///
    /// - Throws: As ``TLSCertificate/certificates(pem:)``.
    public static func pins(pem: String) throws -> [PublicKeyPin] {
        try TLSCertificate.certificates(pem: pem).map(\.publicKeyPin)
    }

    /// The digest in base64.
    public var base64: String { sha256Digest.base64EncodedString() }

    /// `"sha256/BASE64"`.
    public var description: String { "sha256/\(base64)" }
}
