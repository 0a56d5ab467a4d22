import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// Finds out whether a certificate the server presents is expired or not yet valid, after BoringSSL
/// refused its chain.
///
/// BoringSSL reports every chain failure as `CERTIFICATE_VERIFY_FAILED` without the reason (Courier's own chain
/// evaluation says it directly; this is for a failure that still arrives in BoringSSL's words). So, only after
/// such a failure, Courier connects once more: a handshake whose verification callback records the certificates
/// the server sends and then refuses them, so the handshake stops there — no client certificate and no
/// request byte is ever sent on that connection. The dates of the recorded certificates decide between
/// `serverCertificateHasBadDate` and `serverCertificateUntrusted`.
enum CertificateDateDiagnosis {
    /// A certificate outside its validity period; ``ErrorMapping`` turns it into `serverCertificateHasBadDate`.
    struct BadDate: Error, Sendable, CustomStringConvertible {
        /// The certificate whose dates are wrong.
        let certificate: TLSCertificate
        /// Its position in the chain the server sent (0 is the leaf).
        let position: Int
        /// The time of the check.
        let now: Date
        /// The verification failure that prompted the diagnosis.
        let verificationError: NIOSSLError

        var isExpired: Bool { certificate.notValidAfter < now }

        /// Completes "the certificate of HOST …".
        var description: String {
            let which = position == 0 ? "" : " (its chain's certificate \(certificate.subject))"
            let formatter = ISO8601DateFormatter()
            if isExpired {
                return "\(which) expired on \(formatter.string(from: certificate.notValidAfter))"
            }
            return "\(which) is not valid before \(formatter.string(from: certificate.notValidBefore))"
        }
    }

    /// The error, when it is BoringSSL's refusal of the server's chain.
    static func chainVerificationFailure(_ error: any Error) -> NIOSSLError? {
        guard let error = error as? NIOSSLError, case .handshakeFailed(let boringError) = error else { return nil }
        let text = String(describing: boringError).lowercased()
        let refused = text.contains("certificate_verify_failed") || text.contains("certificate verify failed")
        return refused ? error : nil
    }

    /// Connects to `host`:`port` and returns the first certificate of the presented chain that is outside
    /// its validity period at `now`, or `nil` (dates fine, or the server could not be reached in `timeout`).
    static func diagnose(
        host: String, port: Int, timeout: TimeAmount, now: Date = Date(), verificationError: NIOSSLError
    ) async -> BadDate? {
        guard let chain = await presentedChain(host: host, port: port, timeout: timeout) else { return nil }
        for (position, certificate) in chain.enumerated() where !certificate.isValid(at: now) {
            return BadDate(certificate: certificate, position: position, now: now, verificationError: verificationError)
        }
        return nil
    }

    /// The chain the server sends, as recorded by a verification callback that then refuses it.
    static func presentedChain(host: String, port: Int, timeout: TimeAmount) async -> [TLSCertificate]? {
        let context: NIOSSLContext
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates([])
            configuration.certificateVerification = .noHostnameVerification
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            return nil
        }
        let serverName = isIPAddress(host) ? nil : host
        let recorded = Recorder()
        let connected = await HandshakeProbe.run(host: host, port: port, timeout: timeout) { pipeline in
            let handler = try NIOSSLClientHandler(
                context: context, serverHostname: serverName,
                customVerificationCallback: { certificates, promise in
                    let chain = certificates.compactMap { certificate in
                        (try? certificate.toDERBytes()).flatMap { try? TLSCertificate(derRepresentation: $0) }
                    }
                    recorded.chain.withLock { $0 = chain }
                    promise.succeed(.failed)
                })
            try pipeline.addHandler(handler)
        }
        guard connected else { return nil }
        return recorded.chain.withLock { $0 }
    }

    private final class Recorder: Sendable {
        let chain = Mutex<[TLSCertificate]?>(nil)
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
