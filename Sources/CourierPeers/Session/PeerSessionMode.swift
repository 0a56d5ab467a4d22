/// GKSession's modes: who sees whom.
public enum PeerSessionMode: UInt8, Sendable, Hashable, CaseIterable {
    /// Sees and is seen by other peers.
    case peer = 0
    /// Sees only clients; accepts up to 16.
    case server = 1
    /// Sees only servers.
    case client = 2

    /// Whether a session in this mode sees one in `other` (peers see peers, servers clients, clients servers).
    public func sees(_ other: PeerSessionMode) -> Bool {
        switch (self, other) {
        case (.peer, .peer), (.server, .client), (.client, .server): true
        default: false
        }
    }

    /// The TXT value: `peer`, `server` or `client`.
    public var name: String {
        switch self {
        case .peer: "peer"
        case .server: "server"
        case .client: "client"
        }
    }

    /// Parses a TXT value.
    public init?(name: String) {
        guard let mode = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }
}
