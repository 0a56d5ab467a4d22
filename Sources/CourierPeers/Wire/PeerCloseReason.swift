/// Why an invitation failed or a connection was refused, as carried by `reject` and `deny` frames.
public enum PeerCloseReason: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The invitee said no.
    case denied = 1
    /// Nobody answered before the inviter's timeout.
    case timedOut = 2
    /// The inviter cancelled.
    case cancelled = 3
    /// The invitee's session has no room.
    case sessionFull = 4
    /// The two sides speak different wire versions.
    case versionMismatch = 5
    /// One side requires encryption and the other refuses it.
    case encryptionRequired = 6
    /// The session IDs differ.
    case sessionMismatch = 7
    /// The hello was malformed or did not start with the magic.
    case protocolError = 8
    /// Server and client modes do not see each other that way (peer with server, or two servers).
    case modeMismatch = 9
    /// Both peers invited each other at once; the invitation of the lower peer ID stands and this one is withdrawn.
    case crossed = 10
    /// A side did not prove the session's shared secret, or its identity was missing, did not verify or was
    /// refused by `verifyPeer`.
    case authenticationFailed = 11

    /// A lower-case phrase for logs and CLI output.
    public var description: String {
        switch self {
        case .denied: "denied"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .sessionFull: "session full"
        case .versionMismatch: "version mismatch"
        case .encryptionRequired: "encryption required"
        case .sessionMismatch: "session mismatch"
        case .protocolError: "protocol error"
        case .modeMismatch: "mode mismatch"
        case .crossed: "crossed invitation"
        case .authenticationFailed: "authentication failed"
        }
    }
}
