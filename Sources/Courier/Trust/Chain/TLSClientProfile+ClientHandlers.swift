import NIOCore
import NIOSSL

extension TLSClientProfile {
    /// The handlers one connection needs, in pipeline order: the `NIOSSLClientHandler` with this profile's
    /// context and verification, and a ``CertificateChainErrorHandler`` that puts the verification's error (a
    /// ``CertificateChainError``) in place of BoringSSL's bare "certificate verify failed".
    ///
    /// `host` is the connection's host; an IP literal sends no SNI (RFC 6066 forbids addresses there).
    ///
    /// - Throws: `NIOSSLError` when the host name is not a valid SNI name or BoringSSL cannot make the
    ///   connection.
    func makeClientHandlers(host: String) throws -> (NIOSSLClientHandler, CertificateChainErrorHandler) {
        let errorHandler = CertificateChainErrorHandler()
        let serverName = Self.serverName(forHost: host)
        guard let verification else {
            return (try NIOSSLClientHandler(context: context, serverHostname: serverName), errorHandler)
        }
        let handler = try NIOSSLClientHandler(
            context: context, serverHostname: serverName,
            customVerificationCallbackWithMetadata: errorHandler.reportingFailures(of: verification))
        return (handler, errorHandler)
    }

    /// The SNI name for a host: the host itself, or `nil` for an IP literal (bracketed or not).
    static func serverName(forHost host: String) -> String? {
        switch CertificateChainEvaluator.HostIdentity(host) {
        case .ipAddress: return nil
        case .dnsName(let name): return name
        }
    }
}
