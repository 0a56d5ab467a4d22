import ArgumentParser
import Courier
import Foundation

/// `--verify yes|no|CA_FILE`, `--pin sha256/BASE64` (repeatable), `--cert FILE`, `--cert-key FILE`,
/// `--cert-pass PASS`: the server trust policy and the client certificate of a request (httpie's and
/// curl's options).
struct TLSOptions: ParsableArguments {
    @Option(
        name: .customLong("verify"),
        help: ArgumentHelp(
            "yes (default), no (certificate checks off; pins given with --pin are still checked), or a CA_FILE (PEM) to trust instead of the system store.",
            valueName: "yes|no|CA_FILE"))
    var verify: String?

    @Option(
        name: .customLong("pin"),
        help: ArgumentHelp(
            "The server's public-key pin, sha256/BASE64 (repeat for backup keys); the server's own certificate must match one. A matching self-signed certificate is accepted; add --verify yes to also require a trusted CA.",
            valueName: "sha256/BASE64"))
    var pins: [String] = []

    @Option(
        name: .customLong("cert"),
        help: ArgumentHelp(
            "A client certificate: PKCS#12 (.p12/.pfx) or PEM (with its key, or the key in --cert-key).",
            valueName: "FILE"))
    var certificate: String?

    @Option(
        name: .customLong("cert-key"), help: ArgumentHelp("The PEM private key of --cert.", valueName: "FILE"))
    var certificateKey: String?

    @Option(
        name: .customLong("cert-pass"),
        help: ArgumentHelp("The passphrase of the --cert PKCS#12 file or of its encrypted key.", valueName: "PASS"))
    var certificatePassphrase: String?

    func validate() throws {
        if let verify, !["yes", "no", "true", "false"].contains(verify.lowercased()) {
            guard FileManager.default.isReadableFile(atPath: verify) else {
                throw ValidationError("--verify takes yes, no, or the path of a CA file (PEM); cannot read \(verify)")
            }
        }
        for pin in pins {
            do {
                _ = try PublicKeyPin(pin)
            } catch {
                throw ValidationError(
                    "--pin \(pin.prefix(80)) is not a public-key pin: expected sha256/ and the base64 of a SHA-256 digest (44 characters)"
                )
            }
        }
        if certificateKey != nil, certificate == nil { throw ValidationError("--cert-key needs --cert") }
        if certificatePassphrase != nil, certificate == nil { throw ValidationError("--cert-pass needs --cert") }
    }

    /// The trust policy the options ask for.
    func serverTrustPolicy() throws -> ServerTrustPolicy {
        var policy: ServerTrustPolicy
        switch verify?.lowercased() {
        case nil where !pins.isEmpty:
            // The pinned key is the server's identity, as the tour's pinned certificate is: a self-signed
            // certificate whose key matches is accepted, and nothing else is (--verify yes adds the CA check).
            policy = .dangerouslyDisableEvaluation
        case nil, "yes", "true":
            policy = .systemDefault
        case "no", "false":
            policy = .dangerouslyDisableEvaluation
        default:
            let path = verify ?? ""
            do {
                let file = URL(fileURLWithPath: path)
                let certificates = try TLSCertificate.certificates(contentsOf: file)
                policy = .anchors(pem: certificates.map(\.pemRepresentation), includeSystemRoots: false)
            } catch let error as CourierError {
                throw ValidationError("--verify \(path): \(error.message)")
            }
        }
        if !pins.isEmpty {
            policy = policy.pinning(publicKeys: try pins.map(PublicKeyPin.init))
        }
        return policy
    }

    /// The client identity the options name, if any.
    func clientIdentity() throws -> ClientIdentity? {
        guard let certificate else { return nil }
        do {
            return try ClientIdentity(
                certificateFile: URL(fileURLWithPath: certificate),
                privateKeyFile: certificateKey.map { URL(fileURLWithPath: $0) },
                passphrase: certificatePassphrase)
        } catch let error as CourierError {
            throw ValidationError("--cert \(certificate): \(error.message)")
        }
    }

    /// Sets the trust policy and client identity; a file that cannot be used is a usage error (exit 2).
    /// The certificate is presented to every server that asks for one, as curl does.
    func apply(to configuration: inout SessionConfiguration) throws {
        configuration.serverTrustPolicy = try serverTrustPolicy()
        if let identity = try clientIdentity() {
            configuration.clientIdentity = .always(identity)
        }
    }
}
