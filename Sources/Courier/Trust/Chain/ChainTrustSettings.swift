import Crypto
import Foundation

/// Courier's trust settings (a ``ServerTrustPolicy``) in the terms of the engine's own chain evaluation
/// (``CertificateChainEvaluator``): the system store, anchors, or no verification, and the pins.
///
/// | policy | evaluator |
/// |---|---|
/// | ``ServerTrustPolicy/systemDefault`` | roots `.system` |
/// | ``ServerTrustPolicy/anchors(pem:includeSystemRoots:)`` | roots `.anchors`, with or without the system store |
/// | ``ServerTrustPolicy/dangerouslyDisableEvaluation`` | `unverifiedWithPins`: only the pins, against the presented chain |
/// | key pins / pinned certificates | `.subjectPublicKeyInfo` / `.certificate` pins, matched against every certificate of the chain |
enum ChainTrustSettings {
    /// The evaluator for a policy: its roots and its pins, with a cache of the chains it accepted.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` when an anchor is not a PEM certificate.
    static func evaluator(for policy: ServerTrustPolicy) throws(CourierError) -> CertificateChainEvaluator {
        let pins = pins(of: policy)
        switch policy.evaluation {
        case .system:
            return CertificateChainEvaluator(roots: .system, pins: pins)
        case .anchors(let pem, let includeSystemRoots):
            do {
                let roots = try CertificateTrustRoots.anchors(pem: pem, includingSystemRoots: includeSystemRoots)
                return CertificateChainEvaluator(roots: roots, pins: pins)
            } catch {
                throw CourierError(
                    .invalidConfiguration, outcome: .notSent,
                    message: "a trust anchor is not a valid PEM certificate: \(error)", underlyingError: error)
            }
        case .disabled:
            return CertificateChainEvaluator(unverifiedWithPins: pins)
        }
    }

    /// The policy's pins: each key pin as a `SubjectPublicKeyInfo` pin, each pinned certificate as a pin on its
    /// DER bytes.
    static func pins(of policy: ServerTrustPolicy) -> [CertificatePin] {
        var pins: [CertificatePin] = []
        for certificate in policy.pinnedCertificates {
            // A SHA-256 digest always has 32 bytes, so neither initializer can throw here.
            if let pin = try? CertificatePin(.certificate, sha256Digest: Array(SHA256.hash(data: certificate))) {
                pins.append(pin)
            }
        }
        for key in policy.publicKeyPins {
            if let pin = try? CertificatePin(.subjectPublicKeyInfo, sha256Digest: Array(key.sha256Digest)) {
                pins.append(pin)
            }
        }
        return pins
    }
}
