import NIOCore
import NIOSSL

/// Courier's server-trust evaluation for TLS connections that the HTTP transport does not make itself
/// (`CourierSockets`' `SocketTLS(trustPolicy:)`): the same chain evaluation with swift-certificates, host name
/// check and pins as a session applies to HTTPS, inside the handshake.
///
/// Build one per connection attempt before connecting (the TLS context is the expensive part), then add
/// ``makeHandlers()`` to the new channel's pipeline.
package struct SocketTrust: Sendable {
    private let profile: TLSClientProfile
    private let name: String

    /// The evaluation of `policy` for a server called `name` (the name sent in SNI and checked against the
    /// certificate; an IP literal is checked as an address and not sent).
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` when the policy's anchors are not valid PEM or
    ///   BoringSSL refuses the configuration.
    package init(policy: ServerTrustPolicy, name: String, port: Int, applicationProtocols: [String] = []) throws {
        let evaluator = try ChainTrustSettings.evaluator(for: policy)
        do {
            let factory = try TLSClientProfileFactory(evaluator: evaluator, applicationProtocols: applicationProtocols)
            self.profile = try factory.makeProfile(host: name, port: port)
        } catch {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "the TLS settings for \(name):\(port) are not usable: \(error)", underlyingError: error)
        }
        self.name = name
    }

    /// The handlers of one connection, in pipeline order: swift-nio-ssl's client handler with the policy's
    /// verification, then one that passes on the verification's own error (see ``refusal(_:)``) instead of
    /// BoringSSL's bare "certificate verify failed". Call on the channel's event loop.
    ///
    /// - Throws: `NIOSSLError` when the name is not a valid SNI name.
    package func makeHandlers() throws -> [any ChannelHandler] {
        let (tls, chainErrors) = try profile.makeClientHandlers(host: name)
        return [tls, chainErrors]
    }

    /// What a handshake error of these handlers says about the server's certificate when the policy refused
    /// it (the chain, the host name, a pin); nil for any other error. `summary` is one line; `detail` adds
    /// each presented certificate.
    package static func refusal(_ error: any Error) -> (summary: String, detail: String)? {
        guard let error = error as? CertificateChainError else { return nil }
        return (error.summary, error.description)
    }
}
