/// GKPeerConnectionState: where a peer stands relative to this session.
public enum PeerState: Sendable, Hashable, CustomStringConvertible {
    /// Discovered and resolved; can be invited.
    case available
    /// Its advertisement went away (goodbye or TTL expiry).
    case unavailable
    /// An invitation is under way.
    case connecting
    /// Connected: messages flow.
    case connected
    /// The connection ended.
    case disconnected

    /// The state's name.
    public var description: String {
        switch self {
        case .available: "available"
        case .unavailable: "unavailable"
        case .connecting: "connecting"
        case .connected: "connected"
        case .disconnected: "disconnected"
        }
    }
}
