import Courier
import Foundation

/// Which exception listener a failed command goes to.
///
/// | failure | kind |
/// |---|---|
/// | `userAuthenticationRequired`, or an HTTP 401 | ``authentication`` |
/// | `notConnectedToInternet` | ``connectivity`` |
/// | other transport failures (`timedOut`, `cannotConnectToHost`, `networkConnectionLost`, TLS…) and HTTP statuses | ``server`` |
/// | cancellation, payload and application errors, errors that are not ``CourierError`` | ``final`` |
public enum CommandFailureKind: Hashable, Sendable {
    /// The user must log in.
    case authentication
    /// There is no network.
    case connectivity
    /// The server or the way to it failed.
    case server
    /// Nothing a listener can repair: the caller gets the error.
    case final

    /// The kind of `error`.
    public init(_ error: any Error) {
        guard let error = error as? CourierError else {
            self = .final
            return
        }
        if error.code == .cancelled || error.code == .userCancelledAuthentication {
            self = .final
            return
        }
        if error.code == .userAuthenticationRequired || error.kind == .http(status: 401) || error.statusCode == 401 {
            self = .authentication
            return
        }
        if error.code == .notConnectedToInternet {
            self = .connectivity
            return
        }
        switch error.kind {
        case .transport, .http: self = .server
        case .payload, .application: self = .final
        }
    }
}
