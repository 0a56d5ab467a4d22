/// Why an invitation or a connection failed.
public enum PeerConnectionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The invitee denied.
    case denied
    /// Nobody answered before the timeout.
    case timedOut
    /// The inviter cancelled.
    case cancelled
    /// The invitee's session has no room.
    case sessionFull
    /// The two sides speak different wire versions.
    case versionMismatch
    /// One side requires encryption and the other refuses it.
    case encryptionRequired
    /// Anything else: the other side's reason or the local error.
    case other(PeersError)

    /// Maps a wire reason.
    init(_ reason: PeerCloseReason, text: String) {
        switch reason {
        case .denied: self = .denied
        case .timedOut: self = .timedOut
        case .cancelled, .crossed: self = .cancelled
        case .sessionFull: self = .sessionFull
        case .versionMismatch: self = .versionMismatch
        case .encryptionRequired: self = .encryptionRequired
        case .sessionMismatch: self = .other(PeersError(.sessionMismatch, text))
        case .protocolError: self = .other(PeersError(.malformed, text))
        case .modeMismatch: self = .other(PeersError(.invalidArgument, text))
        case .authenticationFailed: self = .other(PeersError(.authenticationFailed, text))
        }
    }

    /// The wire reason that means the same, or `nil` for ``other(_:)``.
    var wireReason: PeerCloseReason? {
        switch self {
        case .denied: .denied
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .sessionFull: .sessionFull
        case .versionMismatch: .versionMismatch
        case .encryptionRequired: .encryptionRequired
        case .other: nil
        }
    }

    /// A phrase for logs and CLI output: the wire reason's, or the error's for ``other(_:)``.
    public var description: String {
        if case .other(let error) = self { return error.description }
        return wireReason?.description ?? ""
    }
}
