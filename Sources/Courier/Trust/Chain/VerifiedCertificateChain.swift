import NIOSSL

/// The chain a server's certificate was verified along, leaf first and trust root last, and the pin it satisfied.
struct VerifiedCertificateChain: Sendable {
    /// The leaf, the intermediates and the root (from the trust store, so possibly not presented by the
    /// server). With evaluation disabled, the presented certificates as they came.
    let certificates: [ChainCertificate]
    /// Whether the chain was verified to a trust root (false only with evaluation disabled).
    let isVerified: Bool
    /// The pin that a certificate of the chain matched; `nil` when there are no pins.
    let matchedPin: CertificatePin?
    /// The verified chain as swift-nio-ssl certificates, for `NIOSSLVerificationResultWithMetadata`; `nil` when
    /// the chain is not verified (swift-nio-ssl's metadata must only ever hold a verified chain). Made once, so
    /// that a cached chain costs nothing more per connection.
    let validatedChain: ValidatedCertificateChain?

    /// A chain, loading a verified one into BoringSSL for swift-nio-ssl's metadata.
    ///
    /// - Throws: `NIOSSLError` when BoringSSL cannot load a certificate swift-certificates has parsed.
    init(certificates: [ChainCertificate], isVerified: Bool, matchedPin: CertificatePin?) throws {
        self.certificates = certificates
        self.isVerified = isVerified
        self.matchedPin = matchedPin
        if isVerified, !certificates.isEmpty {
            self.validatedChain = ValidatedCertificateChain(
                try certificates.map { try NIOSSLCertificate(bytes: $0.derBytes, format: .der) })
        } else {
            self.validatedChain = nil
        }
    }

    /// The server's own certificate.
    var leaf: ChainCertificate {
        // Never empty: the evaluator refuses an empty chain before building this.
        certificates[0]
    }
}
