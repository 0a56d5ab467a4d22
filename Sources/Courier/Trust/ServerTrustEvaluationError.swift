/// A connection refused after the TLS handshake by Courier's own checks (pins, the delegate), before any
/// request byte was written. ``ErrorMapping`` turns it into `serverCertificateUntrusted`.
struct ServerTrustEvaluationError: Error, Sendable, CustomStringConvertible {
    enum Reason: Sendable {
        /// The leaf matched no pinned certificate or key.
        case pinMismatch(expected: [String], actual: String)
        /// The session delegate answered the server-trust challenge with a refusal.
        case rejectedByDelegate
        /// A TLS connection without a peer certificate to check.
        case noCertificate
    }

    let reason: Reason
    /// The leaf certificate, when there was one.
    let leaf: TLSCertificate?

    /// Completes "the certificate of HOST …".
    var description: String {
        let subject = leaf.map { " (\($0.subject))" } ?? ""
        switch reason {
        case .pinMismatch(let expected, let actual):
            return
                "\(subject) matches none of the pins: expected \(expected.joined(separator: " or ")), the server's is \(actual)"
        case .rejectedByDelegate:
            return "\(subject) was rejected by the session delegate's server-trust decision"
        case .noCertificate:
            return " could not be checked: the connection has no peer certificate"
        }
    }
}
