import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// Finds out whether a server refused the client certificate (or the lack of one), after a request over
/// TLS 1.3 failed with a lost connection.
///
/// In TLS 1.3 the client's handshake is over before the server has looked at the client certificate, so
/// a server that refuses it sends its alert (`certificate_required`, `bad_certificate`, `unknown_ca`) while
/// the request is already on its way, and closes. The close often arrives as a reset that wipes the alert
/// out of the client's receive buffer, and the request fails as a plain lost connection. So, only after
/// such a failure, Courier connects once more with the same TLS settings and sends nothing: with no request
/// bytes in flight, the alert arrives intact and names the reason.
enum ClientCertificateDiagnosis {
    /// What the server's alert says about the client certificate, or `nil` when the probe connection
    /// stays open (or cannot be made) for `timeout`.
    static func probe(host: String, port: Int, tls: TLSConfiguration, timeout: TimeAmount) async -> Verdict? {
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            return nil
        }
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) != nil ? nil : host
        let recorder = ErrorRecorder()
        let connected = await HandshakeProbe.run(host: host, port: port, timeout: timeout) { pipeline in
            try pipeline.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
            try pipeline.addHandler(recorder)
        }
        guard connected else { return nil }
        return recorder.errors.withLock { errors in
            errors.lazy.compactMap { verdict(for: String(describing: $0)) }.first
        }
    }

    /// The server's refusal, as far as the TLS error text tells.
    enum Verdict: Equatable, Sendable {
        /// The server wants a client certificate and got none.
        case certificateRequired
        /// The server does not accept the certificate it got.
        case certificateRejected
    }

    static func verdict(for errorText: String) -> Verdict? {
        let text = errorText.lowercased()
        if text.contains("certificate required") || text.contains("certificate_required")
            || text.contains("peer did not return a certificate")
        {
            return .certificateRequired
        }
        if text.contains("bad certificate") || text.contains("bad_certificate") || text.contains("unknown ca")
            || text.contains("unknown_ca") || text.contains("certificate unknown")
            || text.contains("certificate_unknown") || text.contains("unsupported_certificate")
            || text.contains("certificate_revoked") || text.contains("certificate_expired")
        {
            return .certificateRejected
        }
        return nil
    }

    /// Keeps the errors that reach the end of the probe's pipeline.
    private final class ErrorRecorder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let errors = Mutex<[any Error]>([])

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            errors.withLock { $0.append(error) }
            context.close(promise: nil)
        }
    }
}
