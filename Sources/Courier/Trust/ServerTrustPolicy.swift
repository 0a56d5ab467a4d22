import Foundation

/// How a session decides whether to trust a server's certificate, in the manner of Alamofire's trust
/// evaluators: a chain evaluation (the system store, additional anchors, or none) and optional pins on the
/// server's leaf certificate.
///
/// ```swift
/// // Trust a private CA in addition to the system store (the book's "install the server's .cer"):
/// configuration.serverTrustPolicy = try .anchors(pemFile: URL(fileURLWithPath: "ca.pem"))
///
/// // Pin the server's key, with a backup key it may rotate to:
/// configuration.serverTrustPolicies["api.example.com"] = try .pinnedPublicKeys([
///     "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
///     "sha256/YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",
/// ])
/// ```
///
/// **When it runs.** The chain is verified with swift-certificates inside the TLS handshake (docs/ENGINE.md),
/// then the pins, then the delegate's server-trust challenge. A connection that fails never carries a request
/// and is not pooled, and evaluation happens once per connection, not per request.
///
/// **Which certificate a pin names.** Pins are matched against every certificate of the verified chain (leaf,
/// intermediates, root), so a CA's key may be pinned as well as the server's own; backup pins are the keys it
/// may rotate to. When a policy holds both certificate pins and key pins, one of each kind must match.
///
/// **Not checked.** Revocation (CRL, OCSP, OCSP stapling) is out of scope: Courier neither fetches nor
/// checks revocation information. Use short-lived certificates or pins to limit the damage of a lost key.
public struct ServerTrustPolicy: Sendable, Hashable, CustomStringConvertible {
    enum Evaluation: Sendable, Hashable {
        case system
        case anchors(pem: [String], includeSystemRoots: Bool)
        case disabled
    }

    let evaluation: Evaluation
    /// DER certificates one of which must be the server's leaf; empty for no certificate pin.
    let pinnedCertificates: [Data]
    /// Keys one of which must be the leaf's; empty for no key pin.
    public let publicKeyPins: [PublicKeyPin]

    init(evaluation: Evaluation, pinnedCertificates: [Data] = [], publicKeyPins: [PublicKeyPin] = []) {
        self.evaluation = evaluation
        self.pinnedCertificates = pinnedCertificates
        self.publicKeyPins = publicKeyPins
    }

    /// The system trust store (plus `SSL_CERT_FILE`/`SSL_CERT_DIR` when set), host name verified.
    public static let systemDefault = ServerTrustPolicy(evaluation: .system)

    /// Trust these PEM-encoded CA certificates, and also the system store unless `includeSystemRoots`
    /// is false. The host name is still verified.
    public static func anchors(pem: [String], includeSystemRoots: Bool = true) -> ServerTrustPolicy {
        ServerTrustPolicy(evaluation: .anchors(pem: pem, includeSystemRoots: includeSystemRoots))
    }

    /// Trust the CA certificates in a PEM file.
    /// - Throws: `fileDoesNotExist` when the file cannot be read.
    public static func anchors(pemFile: URL, includeSystemRoots: Bool = true) throws -> ServerTrustPolicy {
        do {
            let text = try String(contentsOf: pemFile, encoding: .utf8)
            return .anchors(pem: [text], includeSystemRoots: includeSystemRoots)
        } catch {
            throw CourierError(
                .fileDoesNotExist,
                outcome: .notSent,
                message: "could not read the CA file \(pemFile.path): \(error.localizedDescription)",
                underlyingError: error
            )
        }
    }

    /// Accept a server only when its leaf certificate is one of `certificates`.
    ///
    /// The certificates are also trusted as anchors, so a self-signed server certificate is accepted when
    /// pinned; the chain and the host name are still verified. With `includeSystemRoots` false, only the
    /// pinned certificates anchor the chain.
    public static func pinnedCertificates(
        _ certificates: [TLSCertificate], includeSystemRoots: Bool = true
    ) -> ServerTrustPolicy {
        ServerTrustPolicy(
            evaluation: .anchors(pem: certificates.map(\.pemRepresentation), includeSystemRoots: includeSystemRoots),
            pinnedCertificates: certificates.map(\.derRepresentation))
    }

    /// Accept a server only when its leaf certificate is one of those in a PEM text.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` when the text holds no valid certificate.
    public static func pinnedCertificates(pem: String, includeSystemRoots: Bool = true) throws -> ServerTrustPolicy {
        pinnedCertificates(try TLSCertificate.certificates(pem: pem), includeSystemRoots: includeSystemRoots)
    }

    /// The system trust store, and the leaf's key must match one of `pins` (list backup pins too).
    ///
    /// An empty list pins nothing: the policy is ``systemDefault``.
    public static func pinnedPublicKeys(_ pins: [PublicKeyPin]) -> ServerTrustPolicy {
        systemDefault.pinning(publicKeys: pins)
    }

    /// The system trust store, and the leaf's key must match one of `pins` (`sha256/BASE64` each).
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` for a malformed pin or an empty list.
    public static func pinnedPublicKeys(_ pins: [String]) throws -> ServerTrustPolicy {
        try systemDefault.pinning(publicKeys: pins)
    }

    /// This policy with key pins added: the leaf's key must also match one of them.
    ///
    /// Works with every policy; with ``dangerouslyDisableEvaluation`` the pins are then the only check
    /// (curl's `-k --pinnedpubkey`).
    public func pinning(publicKeys pins: [PublicKeyPin]) -> ServerTrustPolicy {
        var added = publicKeyPins
        for pin in pins where !added.contains(pin) { added.append(pin) }
        return ServerTrustPolicy(
            evaluation: evaluation, pinnedCertificates: pinnedCertificates, publicKeyPins: added)
    }

    /// This policy with key pins added, written as `sha256/BASE64`.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` for a malformed pin or an empty list.
    public func pinning(publicKeys pins: [String]) throws -> ServerTrustPolicy {
        guard !pins.isEmpty else {
            throw CourierError(.invalidConfiguration, outcome: .notSent, message: "no public-key pins were given")
        }
        return pinning(publicKeys: try pins.map(PublicKeyPin.init))
    }

    /// Accept any certificate for any host name. Named so nobody uses it by accident: it removes the
    /// protection TLS gives. A warning is logged for every connection made with it.
    public static let dangerouslyDisableEvaluation = ServerTrustPolicy(evaluation: .disabled)

    /// Whether the chain and host name go unchecked (``dangerouslyDisableEvaluation``).
    public var isEvaluationDisabled: Bool { evaluation == .disabled }

    /// Whether anything is checked after the handshake (pins).
    var hasPins: Bool { !pinnedCertificates.isEmpty || !publicKeyPins.isEmpty }

    /// `"system trust store, pinned keys sha256/…"` and so on.
    public var description: String {
        var parts: [String]
        switch evaluation {
        case .system: parts = ["system trust store"]
        case .anchors(let pem, let includeSystemRoots):
            parts = ["\(pem.count) anchor file(s)\(includeSystemRoots ? " and the system trust store" : "")"]
        case .disabled: parts = ["evaluation disabled"]
        }
        if !pinnedCertificates.isEmpty { parts.append("\(pinnedCertificates.count) pinned certificate(s)") }
        if !publicKeyPins.isEmpty {
            parts.append("pinned keys \(publicKeyPins.map(\.description).joined(separator: ", "))")
        }
        return parts.joined(separator: ", ")
    }
}
