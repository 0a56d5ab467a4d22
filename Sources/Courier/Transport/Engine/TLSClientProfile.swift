import NIOCore
import NIOSSL

/// The TLS settings of a connection: a context built once (it is expensive) and an optional verification that
/// sees the whole presented chain. Profiles compare by identity, so one profile is one pool key.
final class TLSClientProfile: Hashable, Sendable {
    /// The context; its configuration already lists the ALPN protocols to offer.
    let context: NIOSSLContext
    /// Verifies the whole presented chain (leaf first) in place of OpenSSL's verification; nil = OpenSSL's own.
    /// (`NIOSSLCustomVerificationCallbackWithMetadata`, made `@Sendable` so the profile can be shared.)
    let verification: Verification?
    /// Runs on each new connection after its handshake, before its first request (pins, the session delegate's
    /// server-trust challenge); a failed future keeps the connection out of the pool and fails the request.
    let connectionCheck: (@Sendable (any Channel) -> EventLoopFuture<Void>)?

    /// The chain verification's shape.
    typealias Verification =
        @Sendable (
            [NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResultWithMetadata>
        ) -> Void

    /// Makes a profile from a context and an optional chain verification.
    init(
        context: NIOSSLContext, verification: Verification? = nil,
        connectionCheck: (@Sendable (any Channel) -> EventLoopFuture<Void>)? = nil
    ) {
        self.context = context
        self.verification = verification
        self.connectionCheck = connectionCheck
    }

    static func == (lhs: TLSClientProfile, rhs: TLSClientProfile) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
