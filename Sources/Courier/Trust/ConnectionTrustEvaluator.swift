import Logging
import NIOCore
import NIOSSL

/// Courier's checks on a new connection, after the TLS handshake (BoringSSL has verified the chain and the
/// host name, unless evaluation is disabled) and before its first request: the warning of the disable
/// policy, the pins, and the session delegate's server-trust challenge.
///
/// It runs as async-http-client's `http1_1ConnectionDebugInitializer` and `http2ConnectionDebugInitializer`.
/// There only the peer's leaf certificate is visible (`nioSSL_peerCertificate()`), so pins are leaf pins. A
/// failed future keeps the connection out of the pool; the request then fails with the error, which
/// ``ErrorMapping`` reports as `serverCertificateUntrusted`, and the connection is closed without a request
/// byte having been written.
struct ConnectionTrustEvaluator: Sendable {
    /// The host and port a client is dedicated to, for the delegate's protection space.
    struct Origin: Sendable, Hashable {
        var host: String
        var port: Int
    }

    let policy: ServerTrustPolicy
    /// Set when the session delegate is asked (its clients are then per origin).
    let origin: Origin?
    let session: WeakSession
    let logger: Logger

    /// Whether there is anything to do on a new connection.
    var isNeeded: Bool {
        policy.isEvaluationDisabled || policy.hasPins || origin != nil
    }

    /// The initializer for async-http-client.
    var initializer: @Sendable (any Channel) -> EventLoopFuture<Void> {
        let evaluator = self
        return { channel in
            if channel.eventLoop.inEventLoop { return evaluator.evaluate(channel) }
            return channel.eventLoop.flatSubmit { evaluator.evaluate(channel) }
        }
    }

    private func evaluate(_ channel: any Channel) -> EventLoopFuture<Void> {
        let eventLoop = channel.eventLoop
        let peer: NIOSSLCertificate?
        do {
            peer = try channel.pipeline.syncOperations.nioSSL_peerCertificate()
        } catch {
            // No TLS handler: a plain-http connection, which has no certificate to evaluate.
            return eventLoop.makeSucceededVoidFuture()
        }
        if policy.isEvaluationDisabled {
            logger.warning(
                "TLS certificate evaluation is disabled (ServerTrustPolicy.dangerouslyDisableEvaluation); \(policy.hasPins ? "only the pins protect" : "nothing protects") this connection",
                metadata: ["remote": "\(channel.remoteAddress.map { "\($0)" } ?? "?")"])
        }
        guard policy.hasPins || origin != nil else { return eventLoop.makeSucceededVoidFuture() }
        guard let peer else {
            return Self.refuse(channel, ServerTrustEvaluationError(reason: .noCertificate, leaf: nil))
        }
        let leaf: TLSCertificate
        do {
            leaf = try TLSCertificate(derRepresentation: try peer.toDERBytes())
        } catch {
            return Self.refuse(channel, error)
        }
        if let mismatch = checkPins(leaf) {
            return Self.refuse(channel, mismatch)
        }
        guard let origin, let session = session.session, let delegate = session.delegate else {
            return eventLoop.makeSucceededVoidFuture()
        }
        let promise = eventLoop.makePromise(of: Void.self)
        promise.completeWithTask {
            let space = ProtectionSpace(
                host: origin.host, port: origin.port, protocol: "https", authenticationMethod: .serverTrust)
            let challenge = AuthenticationChallenge(
                protectionSpace: space, proposedCredential: .serverTrust, previousFailureCount: 0,
                failureResponse: nil)
            let disposition = await ServerTrustChallengeContext.$certificate.withValue(leaf) {
                await delegate.session(session, didReceive: challenge)
            }
            switch disposition {
            case nil, .performDefaultHandling, .useCredential:
                return
            case .cancel, .rejectProtectionSpace:
                throw ServerTrustEvaluationError(reason: .rejectedByDelegate, leaf: leaf)
            }
        }
        return promise.futureResult.flatMapError { error in
            Self.refuse(channel, error)
        }
    }

    /// The pin failure, or `nil` when the leaf satisfies every kind of pin the policy has.
    func checkPins(_ leaf: TLSCertificate) -> ServerTrustEvaluationError? {
        if !policy.pinnedCertificates.isEmpty, !policy.pinnedCertificates.contains(leaf.derRepresentation) {
            let expected = policy.pinnedCertificates.map { der in
                (try? TLSCertificate(derRepresentation: der)).map { "the certificate \($0.subject)" } ?? "a certificate"
            }
            return ServerTrustEvaluationError(
                reason: .pinMismatch(expected: expected, actual: "the certificate \(leaf.subject)"), leaf: leaf)
        }
        if !policy.publicKeyPins.isEmpty, !policy.publicKeyPins.contains(leaf.publicKeyPin) {
            return ServerTrustEvaluationError(
                reason: .pinMismatch(
                    expected: policy.publicKeyPins.map(\.description), actual: leaf.publicKeyPin.description),
                leaf: leaf)
        }
        return nil
    }

    /// Fails the initializer, then closes the connection. The close is scheduled after the failure so that
    /// async-http-client has forgotten the connection when it hears of the close.
    private static func refuse(_ channel: any Channel, _ error: any Error) -> EventLoopFuture<Void> {
        let eventLoop = channel.eventLoop
        let failed: EventLoopFuture<Void> = eventLoop.makeFailedFuture(error)
        eventLoop.execute { channel.close(promise: nil) }
        return failed
    }
}

/// A session, held weakly: the transport's clients must not keep their session alive.
final class WeakSession: Sendable {
    weak let session: Session?

    init(_ session: Session?) {
        self.session = session
    }
}

/// The certificate of the server-trust challenge being decided, for ``AuthenticationChallenge/serverCertificate``.
enum ServerTrustChallengeContext {
    @TaskLocal static var certificate: TLSCertificate?
}

extension AuthenticationChallenge {
    /// For a server-trust challenge, the leaf certificate the server presented; `nil` for other challenges.
    ///
    /// Read it while the delegate method that received the challenge runs (it is not kept with the
    /// challenge value).
    public var serverCertificate: TLSCertificate? {
        protectionSpace.authenticationMethod == .serverTrust ? ServerTrustChallengeContext.certificate : nil
    }
}
