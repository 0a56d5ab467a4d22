import NIOCore

/// What a session knows about another peer.
public struct PeerInfo: Sendable, Hashable {
    /// The peer's ID.
    public var id: PeerID
    /// The peer's display name (not unique).
    public var displayName: String
    /// The peer's mode.
    public var mode: PeerSessionMode

    /// Creates a description.
    public init(id: PeerID, displayName: String, mode: PeerSessionMode) {
        self.id = id
        self.displayName = displayName
        self.mode = mode
    }
}
