import NIOCore
import NIOSSL

/// Builds the ``TLSClientProfile`` of each origin from a trust decision, TLS versions, ALPN protocols and a client
/// identity.
///
/// The verification callback evaluates the whole presented chain with a ``CertificateChainEvaluator`` for the
/// connection's host, and hands swift-nio-ssl the verified chain as metadata (`peerValidatedCertificateChain`).
/// With no evaluator, nothing is verified at all. A ``TrustDecision`` (the session delegate's server-trust
/// challenge) runs after a successful evaluation, still inside the handshake, so a refusal fails the handshake
/// before any request byte exists.
///
/// Client certificates are chosen when the server asks: with ``ClientIdentitySource/onRequest(_:)`` the
/// provider runs from BoringSSL's certificate callback (swift-nio-ssl's `sslContextCallback`), which a client
/// reaches only on receiving a CertificateRequest — a server that does not ask never causes the provider to
/// run. That callback cannot tell which origin it serves, so such profiles get a context of their own per
/// origin; all other profiles share one context.
///
/// ```swift
/// let factory = try TLSClientProfileFactory(
///     evaluator: CertificateChainEvaluator(roots: .system),
///     applicationProtocols: ["h2", "http/1.1"],
///     clientIdentity: .onRequest { host, port in try await store.identity(host, port) })
/// let profile = try factory.makeProfile(host: "api.example.com", port: 443)
/// ```
struct TLSClientProfileFactory: Sendable {
    /// Which client certificate to present when a server asks.
    enum ClientIdentitySource: Sendable {
        /// None: a server that asks gets an empty certificate list.
        case none
        /// Always the same; BoringSSL sends it only to servers that ask.
        case fixed(TLSClientIdentity)
        /// Chosen per origin by the provider, asked only when a server sends a CertificateRequest.
        case onRequest(TLSClientIdentityProvider)
    }

    /// A last say on a chain the evaluator accepted, for `host` and `port`: return to accept, throw to refuse
    /// (the error becomes the handshake's error).
    typealias TrustDecision =
        @Sendable (_ chain: VerifiedCertificateChain, _ host: String, _ port: Int) async throws -> Void

    /// Evaluates presented chains; `nil` disables verification entirely. (To keep a ``TrustDecision`` with
    /// evaluation disabled, use `CertificateChainEvaluator(unverifiedWithPins: [])`, which accepts any chain.)
    let evaluator: CertificateChainEvaluator?
    /// Asked after each successful evaluation; `nil` for no further check.
    let trustDecision: TrustDecision?
    /// The lowest TLS version offered.
    let minimumTLSVersion: TLSVersion
    /// The highest TLS version offered; `nil` for the highest BoringSSL supports.
    let maximumTLSVersion: TLSVersion?
    /// ALPN protocols offered, in order of preference (for example `["h2", "http/1.1"]`).
    let applicationProtocols: [String]
    /// Which client certificate to present when a server asks.
    let clientIdentity: ClientIdentitySource
    /// The context shared by every origin, unless the client identity is chosen per origin.
    private let sharedContext: NIOSSLContext?

    /// A factory; builds the shared context at once (it is the expensive part).
    ///
    /// - Throws: `NIOSSLError` when BoringSSL refuses the configuration (for example a key that does not
    ///   match its certificate).
    init(
        evaluator: CertificateChainEvaluator?, minimumTLSVersion: TLSVersion = .tlsv12,
        maximumTLSVersion: TLSVersion? = nil, applicationProtocols: [String],
        clientIdentity: ClientIdentitySource = .none, trustDecision: TrustDecision? = nil
    ) throws {
        self.evaluator = evaluator
        self.trustDecision = trustDecision
        self.minimumTLSVersion = minimumTLSVersion
        self.maximumTLSVersion = maximumTLSVersion
        self.applicationProtocols = applicationProtocols
        self.clientIdentity = clientIdentity
        if case .onRequest = clientIdentity {
            self.sharedContext = nil
        } else {
            self.sharedContext = try Self.makeContext(
                verifies: evaluator != nil, minimumTLSVersion: minimumTLSVersion, maximumTLSVersion: maximumTLSVersion,
                applicationProtocols: applicationProtocols, clientIdentity: clientIdentity, host: "", port: 0)
        }
    }

    /// The profile for connections to `host`:`port`. The pool keeps one per origin and TLS settings.
    ///
    /// - Throws: `NIOSSLError` when BoringSSL refuses the configuration of a per-origin context.
    func makeProfile(host: String, port: Int) throws -> TLSClientProfile {
        let context =
            try sharedContext
            ?? Self.makeContext(
                verifies: evaluator != nil, minimumTLSVersion: minimumTLSVersion, maximumTLSVersion: maximumTLSVersion,
                applicationProtocols: applicationProtocols, clientIdentity: clientIdentity, host: host, port: port)
        guard let evaluator else { return TLSClientProfile(context: context, verification: nil) }
        let trustDecision = self.trustDecision
        let verification:
            @Sendable ([NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResultWithMetadata>) -> Void = {
                certificates, promise in
                // A chain accepted before, with nothing left to ask, is answered on the event loop: no task, and
                // no hop off the loop and back in the middle of the handshake.
                if trustDecision == nil, let known = evaluator.acceptedBefore(certificates, host: host) {
                    promise.succeed(.certificateVerified(VerificationMetadata(known.validatedChain)))
                    return
                }
                promise.completeWithTask {
                    let chain = try await evaluator.evaluate(certificates, host: host)
                    try await trustDecision?(chain, host, port)
                    return .certificateVerified(VerificationMetadata(chain.validatedChain))
                }
            }
        return TLSClientProfile(context: context, verification: verification)
    }

    /// The BoringSSL context: versions, ALPN, no trust store of BoringSSL's own (the callback decides), and the
    /// client identity (chosen for `host`:`port` when it is chosen on request).
    private static func makeContext(
        verifies: Bool, minimumTLSVersion: TLSVersion, maximumTLSVersion: TLSVersion?, applicationProtocols: [String],
        clientIdentity: ClientIdentitySource, host: String, port: Int
    ) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = minimumTLSVersion
        configuration.maximumTLSVersion = maximumTLSVersion
        configuration.applicationProtocols = applicationProtocols
        if !verifies {
            configuration.certificateVerification = .none
        } else {
            // The callback checks the host name with the chain; swift-nio-ssl's own check after the handshake
            // would only repeat it with a vaguer error.
            configuration.certificateVerification = .noHostnameVerification
            // BoringSSL never consults its store while the callback replaces its verification; an empty one
            // spares loading the system bundle per context.
            configuration.trustRoots = .certificates([])
        }
        switch clientIdentity {
        case .none:
            break
        case .fixed(let identity):
            configuration.certificateChain = identity.certificateChain.map { .certificate($0) }
            configuration.privateKey = .privateKey(identity.privateKey)
        case .onRequest(let provider):
            configuration.sslContextCallback = { _, promise in
                promise.completeWithTask {
                    guard let identity = try await provider(host, port) else { return .noChanges }
                    var override = NIOSSLContextConfigurationOverride()
                    override.certificateChain = identity.certificateChain.map { .certificate($0) }
                    override.privateKey = .privateKey(identity.privateKey)
                    return override
                }
            }
        }
        return try NIOSSLContext(configuration: configuration)
    }
}
