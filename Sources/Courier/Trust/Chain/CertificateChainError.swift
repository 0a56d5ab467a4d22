import Foundation

/// Why a server's certificate chain was refused, with the chain it presented.
///
/// ``summary`` is one line for a CLI error ("Courier Test Intermediate, issued by Courier Test Root, which is not
/// trusted"); ``description`` adds every presented certificate's subject, issuer and validity dates.
struct CertificateChainError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    enum Reason: Sendable, Hashable {
        /// The server presented no certificate.
        case emptyChain
        /// A presented certificate (0 is the leaf) could not be parsed.
        case malformedCertificate(position: Int, detail: String)
        /// No path leads from the leaf to a trust root. `topmost` is the last presented certificate on the way
        /// up from the leaf; `issuer` names its issuer, which is not among the trust roots (`nil` when the
        /// topmost certificate is self-signed). `issuerIsKnown` is true when a trust root has the issuer's name
        /// but did not sign the certificate.
        case untrustedIssuer(topmost: String, issuer: String?, issuerIsKnown: Bool)
        /// A certificate of the chain (0 is the leaf) expired before the evaluation time.
        case expired(position: Int, subject: String, notValidBefore: Date, notValidAfter: Date)
        /// A certificate of the chain (0 is the leaf) is not valid yet at the evaluation time.
        case notYetValid(position: Int, subject: String, notValidBefore: Date, notValidAfter: Date)
        /// The leaf is not issued for the host (its names are listed).
        case hostNameMismatch(leaf: String, names: [String])
        /// A certificate may not be used as it is: the leaf is not for server authentication (extended key
        /// usage, key usage), an intermediate is not a CA, a name constraint is broken, or a critical extension is
        /// not understood.
        case badKeyUsage(subject: String, detail: String)
        /// The verified chain matches none of the pins.
        case pinMismatch(pins: [String], chain: [String])
    }

    /// What failed.
    let reason: Reason
    /// The host name or IP address the chain was checked for.
    let host: String
    /// The certificates the server presented, leaf first (empty when none could be read).
    let presentedChain: [ChainCertificate]

    /// One line saying what failed, naming the certificate concerned.
    var summary: String {
        switch reason {
        case .emptyChain:
            return "the server \(host) presented no certificate"
        case .malformedCertificate(let position, let detail):
            return "the certificate at position \(position) of the chain presented by \(host) is malformed: \(detail)"
        case .untrustedIssuer(let topmost, let issuer, let issuerIsKnown):
            let prefix = "the chain presented by \(host) is not trusted: "
            guard let issuer else { return prefix + "\(topmost), which is self-signed and not trusted" }
            if issuerIsKnown {
                return prefix + "\(topmost), issued by \(issuer), but no trusted \(issuer) signed it"
            }
            return prefix + "\(topmost), issued by \(issuer), which is not trusted"
        case .expired(_, let subject, let notValidBefore, let notValidAfter):
            return
                "the certificate \(subject) expired on \(ChainCertificate.format(notValidAfter)) (valid from \(ChainCertificate.format(notValidBefore)))"
        case .notYetValid(_, let subject, let notValidBefore, let notValidAfter):
            return
                "the certificate \(subject) is not valid before \(ChainCertificate.format(notValidBefore)) (valid until \(ChainCertificate.format(notValidAfter)))"
        case .hostNameMismatch(let leaf, let names):
            let listed = names.isEmpty ? "it names no host" : "it is for \(names.joined(separator: ", "))"
            return "the certificate \(leaf) is not valid for \(host): \(listed)"
        case .badKeyUsage(let subject, let detail):
            return "the certificate \(subject) may not be used by a TLS server: \(detail)"
        case .pinMismatch(let pins, let chain):
            return
                "the verified chain of \(host) (\(chain.joined(separator: ", "))) matches none of the pins: \(pins.joined(separator: ", "))"
        }
    }

    /// ``summary``, then each presented certificate with its subject, issuer and validity dates.
    var description: String {
        guard !presentedChain.isEmpty else { return summary }
        let chain = presentedChain.enumerated().map { position, certificate in "[\(position)] \(certificate.summary)" }
        return "\(summary); chain presented by \(host): \(chain.joined(separator: "; "))"
    }
}
