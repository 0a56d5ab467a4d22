import NIOCore
import NIOSSL

/// Sits right after a connection's `NIOSSLClientHandler` and, when the handshake fails because the verification
/// callback refused the server's chain, passes on the callback's error (the evaluator's ``CertificateChainError``
/// naming the chain, or a trust decision's error) instead of BoringSSL's bare `CERTIFICATE_VERIFY_FAILED`.
///
/// swift-nio-ssl reduces a failed verification callback to "failed". Wrap the callback with
/// ``reportingFailures(of:)`` so that its error reaches this handler first:
///
/// ```swift
/// let chainErrors = CertificateChainErrorHandler()
/// let tls = try NIOSSLClientHandler(
///     context: profile.context, serverHostname: serverName,
///     customVerificationCallbackWithMetadata: chainErrors.reportingFailures(of: verification))
/// try channel.pipeline.syncOperations.addHandlers([tls, chainErrors, handshakeWatcher])
/// ```
///
/// The callback and the handler both run on the channel's event loop, so the handler needs no lock.
final class CertificateChainErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny

    /// The verification's error for this connection, until it replaces the handshake error.
    private(set) var evaluationError: (any Error)?

    /// A handler with no error recorded.
    init() {}

    /// Records the verification's error; called on the channel's event loop.
    func evaluationFailed(_ error: any Error) {
        evaluationError = error
    }

    /// `verification`, changed so that a failure (a failed promise) is recorded here and then reported to
    /// swift-nio-ssl as `.failed`. Use the result for this handler's connection only.
    func reportingFailures(
        of verification: @escaping NIOSSLCustomVerificationCallbackWithMetadata
    ) -> NIOSSLCustomVerificationCallbackWithMetadata {
        { certificates, promise in
            let evaluated = promise.futureResult.eventLoop.makePromise(of: NIOSSLVerificationResultWithMetadata.self)
            evaluated.futureResult.assumeIsolated().whenComplete { result in
                switch result {
                case .success(let outcome):
                    promise.succeed(outcome)
                case .failure(let error):
                    self.evaluationFailed(error)
                    promise.succeed(.failed)
                }
            }
            verification(certificates, evaluated)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let evaluationError, case NIOSSLError.handshakeFailed = error {
            self.evaluationError = nil
            context.fireErrorCaught(evaluationError)
            return
        }
        context.fireErrorCaught(error)
    }
}
