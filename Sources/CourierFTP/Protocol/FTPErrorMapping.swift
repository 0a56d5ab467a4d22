import Courier
import NIOCore

/// Maps FTP replies and failures to ``Courier/CourierError``, so FTP URLs fail the way HTTP ones do.
enum FTPErrorMapping {
    /// The error for a negative reply (`4yz`, `5yz`) or an unexpected one, to `command`.
    static func error(for reply: FTPReply, command: String, request: Request) -> CourierError {
        let code: CourierError.Code
        switch reply.code {
        case 530, 332: code = .userAuthenticationRequired
        case 550, 450: code = .fileDoesNotExist
        case 553, 552, 452: code = .cannotWriteToFile
        case 421: code = .networkConnectionLost
        case 425, 426: code = .cannotConnectToHost
        case 500, 501, 502, 504: code = .unsupportedURL
        default: code = .badServerResponse
        }
        return CourierError(
            code, kind: .transport, outcome: reply.code == 421 || reply.code == 426 ? .ambiguous : .failed,
            message: "the FTP server answered \(command) with \(reply)", request: request)
    }

    /// The error for a connection that could not be opened to `target` (a description such as "the FTP server
    /// host:port"): `timedOut` when the connect timed out, as every other step's timeout and HTTP's connect timeout
    /// read, and `cannotConnectToHost` otherwise.
    static func connectFailure(
        _ error: any Error, target: String, outcome: CourierError.Outcome, request: Request
    ) -> CourierError {
        if let error = error as? ChannelError, case .connectTimeout = error {
            return CourierError(
                .timedOut, kind: .transport, outcome: outcome, message: "connecting to \(target) timed out",
                request: request, underlyingError: error)
        }
        return CourierError(
            .cannotConnectToHost, kind: .transport, outcome: outcome, message: "cannot connect to \(target): \(error)",
            request: request, underlyingError: error)
    }

    /// The error for a protocol violation.
    static func error(for violation: FTPProtocolError, request: Request) -> CourierError {
        CourierError(
            .badServerResponse, kind: .transport, message: "FTP protocol error: \(violation.message)",
            request: request, underlyingError: violation)
    }
}
