import NIOSSL

/// A session, held weakly: the transport's TLS verification must not keep its session alive.
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
