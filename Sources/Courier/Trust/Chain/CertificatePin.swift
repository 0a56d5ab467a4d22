import Foundation

/// A pin on one certificate of a server's verified chain — the leaf, an intermediate or the root: the SHA-256
/// digest of the whole certificate, or of its `SubjectPublicKeyInfo` (RFC 7469's `pin-sha256`, curl's
/// `--pinnedpubkey sha256//…`).
///
/// A chain satisfies a list of pins when any certificate of the chain matches any pin, so a backup pin (the
/// key a server may rotate to, or the CA's key) is one more entry in the list.
///
/// ```swift
/// let intermediate = try CertificatePin(.subjectPublicKeyInfo, "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")
/// let leaf = try CertificatePin(.certificate, "5f:3a:…")   // hex, as `openssl x509 -fingerprint -sha256` prints
/// ```
struct CertificatePin: Sendable, Hashable, CustomStringConvertible {
    /// What the digest is taken of.
    enum Kind: Sendable, Hashable {
        /// The whole DER certificate (`openssl x509 -outform der | openssl dgst -sha256`).
        case certificate
        /// The certificate's whole DER `SubjectPublicKeyInfo`: the key, surviving re-issuance.
        case subjectPublicKeyInfo
    }

    /// Why a text is not a pin.
    struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, for the message.
        let description: String
    }

    /// What the digest is taken of.
    let kind: Kind
    /// The 32-byte SHA-256 digest.
    let sha256Digest: [UInt8]

    /// A pin from the digest bytes.
    ///
    /// - Throws: ``ParseError`` unless there are exactly 32 bytes.
    init(_ kind: Kind, sha256Digest: some Collection<UInt8>) throws(ParseError) {
        guard sha256Digest.count == 32 else {
            throw ParseError(description: "a SHA-256 pin has 32 bytes, not \(sha256Digest.count)")
        }
        self.kind = kind
        self.sha256Digest = Array(sha256Digest)
    }

    /// Reads a pin written in base64 (`sha256/BASE64`, curl's `sha256//BASE64`, `pin-sha256="BASE64"` or bare, with
    /// or without the `=` padding) or in hex (64 digits, optionally separated by colons or spaces, either case).
    ///
    /// - Throws: ``ParseError`` when the text is neither the base64 nor the hex of a 32-byte digest.
    init(_ kind: Kind, _ text: String) throws(ParseError) {
        for candidate in Self.encodedDigests(in: text) {
            if let digest = Self.hexDigest(candidate) ?? Self.base64Digest(candidate) {
                self.kind = kind
                self.sha256Digest = digest
                return
            }
        }
        throw ParseError(
            description:
                "'\(text.prefix(100))' is not a SHA-256 pin: expected the base64 (44 characters, optionally after sha256/) or the hex (64 digits) of a 32-byte digest"
        )
    }

    /// The pin of a certificate of the given kind.
    init(_ kind: Kind, of certificate: ChainCertificate) {
        self.kind = kind
        self.sha256Digest = Self.digest(kind, of: certificate)
    }

    /// Whether `certificate` is the pinned one (or holds the pinned key).
    func matches(_ certificate: ChainCertificate) -> Bool {
        Self.digest(kind, of: certificate) == sha256Digest
    }

    /// The digest in base64.
    var base64: String { Data(sha256Digest).base64EncodedString() }

    /// `certificate sha256/BASE64` or `key sha256/BASE64`.
    var description: String {
        switch kind {
        case .certificate: return "certificate sha256/\(base64)"
        case .subjectPublicKeyInfo: return "key sha256/\(base64)"
        }
    }

    private static func digest(_ kind: Kind, of certificate: ChainCertificate) -> [UInt8] {
        switch kind {
        case .certificate: return certificate.certificateSHA256
        case .subjectPublicKeyInfo: return certificate.subjectPublicKeyInfoSHA256
        }
    }

    /// The texts a pin's digest may be written as, once its decoration is gone: what follows `sha256/` (and
    /// curl's `sha256//`: a digest's base64 may itself start with "/", so both), or the bare or quoted value
    /// of `pin-sha256=`, or the whole text.
    static func encodedDigests(in text: String) -> [Substring] {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.lowercased().hasPrefix("sha256/") {
            body = body.dropFirst("sha256/".count)
            return body.hasPrefix("/") ? [body, body.dropFirst()] : [body]
        }
        if body.lowercased().hasPrefix("pin-sha256=") { body = body.dropFirst("pin-sha256=".count) }
        if body.count >= 2, body.hasPrefix("\""), body.hasSuffix("\"") { body = body.dropFirst().dropLast() }
        return [body]
    }

    /// The digest written in base64, with or without its `=` padding.
    static func base64Digest(_ text: Substring) -> [UInt8]? {
        var encoded = String(text)
        if encoded.count == 43 { encoded += "=" }
        guard encoded.count == 44, let digest = Data(base64Encoded: encoded), digest.count == 32 else { return nil }
        return Array(digest)
    }

    private static func hexDigest(_ text: Substring) -> [UInt8]? {
        let digits = text.filter { $0 != ":" && $0 != " " }
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
