import Courier
import NIOCore
import NIOPosix
import NIOSSL

/// The one error type `CourierSockets` throws.
///
/// Compare errors by ``code``; the codes are named like `CourierError`'s (and `URLError`'s) so that the
/// product can map one onto the other without a table of special cases.
///
/// ```swift
/// do {
///     let connection = try await TCPClient.connect(host: "localhost", port: 12345)
/// } catch let error as SocketError where error.code == .cannotConnectToHost {
///     // is the server running?
/// }
/// ```
public struct SocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, named like `CourierError.Code`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The name of the code, such as `"cannotConnectToHost"`.
        public let name: String

        /// Creates a code with a name. Prefer the predefined constants.
        public init(_ name: String) {
            self.name = name
        }

        /// The name of the code.
        public var description: String { name }

        /// The host name did not resolve to any address.
        public static let cannotFindHost = Code("cannotFindHost")
        /// The host resolved but no address accepted the connection.
        public static let cannotConnectToHost = Code("cannotConnectToHost")
        /// A connect, idle-read or write timeout expired.
        public static let timedOut = Code("timedOut")
        /// The peer reset the connection, or it ended inside a frame.
        public static let networkConnectionLost = Code("networkConnectionLost")
        /// A frame or datagram was larger than the configured maximum.
        public static let dataLengthExceedsMaximum = Code("dataLengthExceedsMaximum")
        /// The TLS handshake failed.
        public static let secureConnectionFailed = Code("secureConnectionFailed")
        /// The server's certificate was not trusted or did not match a pin.
        public static let serverCertificateUntrusted = Code("serverCertificateUntrusted")
        /// A configuration value (a PEM, a port, a frame size) is not usable.
        public static let invalidConfiguration = Code("invalidConfiguration")
        /// The connection or socket was already closed when it was used.
        public static let notConnected = Code("notConnected")
        /// The operation was cancelled.
        public static let cancelled = Code("cancelled")
        /// Anything else the operating system reported.
        public static let unknown = Code("unknown")
    }

    /// What went wrong.
    public var code: Code
    /// A sentence a user can act on.
    public var message: String
    /// The description of the error underneath (an `IOError`, a TLS error), if any.
    public var underlying: String?

    /// Creates an error.
    public init(code: Code, message: String, underlying: String? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// The message, the code and the underlying error.
    public var description: String {
        var text = "\(message) (\(code))"
        if let underlying { text += ": \(underlying)" }
        return text
    }

    /// A frame longer than `maximum` bytes arrived or was about to be sent.
    static func frameTooLarge(length: Int, maximum: Int) -> SocketError {
        SocketError(
            code: .dataLengthExceedsMaximum,
            message: "A frame of \(length) bytes exceeds the maximum of \(maximum) bytes."
        )
    }

    /// Maps whatever NIO, NIOSSL or the OS threw onto a ``SocketError``; a ``SocketError`` passes through.
    ///
    /// - Parameter host: the host being connected to, for the message.
    static func mapping(_ error: any Error, host: String? = nil) -> SocketError {
        if let error = error as? SocketError { return error }
        let target = host.map { " to \($0)" } ?? ""
        if error is CancellationError {
            return SocketError(code: .cancelled, message: "The operation was cancelled.")
        }
        if let error = error as? NIOConnectionError {
            // Happy eyeballs ran: if no address was found at all, the name did not resolve.
            if error.connectionErrors.isEmpty {
                let cause = (error.dnsAError ?? error.dnsAAAAError).map { String(describing: $0) }
                return SocketError(
                    code: .cannotFindHost,
                    message: "Could not resolve the host name \(error.host).",
                    underlying: cause
                )
            }
            let causes = error.connectionErrors.map { "\($0.target): \($0.error)" }.joined(separator: "; ")
            return SocketError(
                code: .cannotConnectToHost,
                message: "Could not connect to \(error.host) port \(error.port).",
                underlying: causes
            )
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout(let timeout):
                return SocketError(
                    code: .timedOut,
                    message: "The connection\(target) was not established within \(timeout)."
                )
            case .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                return SocketError(code: .notConnected, message: "The connection is closed.", underlying: "\(error)")
            case .eof:
                return SocketError(code: .networkConnectionLost, message: "The peer closed the connection.")
            default:
                return SocketError(code: .unknown, message: "The channel failed.", underlying: "\(error)")
            }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNRESET, EPIPE:
                return SocketError(
                    code: .networkConnectionLost,
                    message: "The peer reset the connection\(target).",
                    underlying: "\(error)"
                )
            case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH:
                return SocketError(
                    code: .cannotConnectToHost,
                    message: "Could not connect\(target).",
                    underlying: "\(error)"
                )
            case ETIMEDOUT:
                return SocketError(
                    code: .timedOut, message: "The connection\(target) timed out.", underlying: "\(error)")
            default:
                return SocketError(code: .unknown, message: "The socket failed\(target).", underlying: "\(error)")
            }
        }
        if let refusal = SocketTrust.refusal(error) {
            // `SocketTLS.trustPolicy` refused the chain: say what failed, not BoringSSL's verify error.
            return SocketError(
                code: .serverCertificateUntrusted,
                message: "The server's certificate is not trusted\(target): \(refusal.summary).",
                underlying: refusal.detail
            )
        }
        if let error = error as? NIOSSLError {
            if case .handshakeFailed(let cause) = error, "\(cause)".contains("CERTIFICATE_VERIFY_FAILED") {
                return SocketError(
                    code: .serverCertificateUntrusted,
                    message: "The server's certificate is not trusted\(target).",
                    underlying: "\(error)"
                )
            }
            if case .uncleanShutdown = error {
                return SocketError(
                    code: .networkConnectionLost,
                    message: "The peer closed the TLS connection without a close_notify.",
                    underlying: "\(error)"
                )
            }
            return SocketError(
                code: .secureConnectionFailed,
                message: "The TLS connection\(target) failed.",
                underlying: "\(error)"
            )
        }
        if let error = error as? NIOSSLExtraError {
            return SocketError(
                code: .serverCertificateUntrusted,
                message: "The server's certificate is not trusted\(target).",
                underlying: "\(error)"
            )
        }
        return SocketError(code: .unknown, message: "The socket operation failed\(target).", underlying: "\(error)")
    }
}
