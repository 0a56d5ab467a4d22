/// An error from a peer session, its wire codecs or its sealing, with a code to match on and a message a user can
/// act on.
public struct PeersError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// An argument broke a documented limit (display name, session ID, TXT pair, service type).
        case invalidArgument
        /// A message over ``PeerLimits/maximumMessageSize`` was refused before any I/O.
        case messageTooLarge
        /// A frame's length field exceeds the largest frame the protocol allows.
        case frameTooLarge
        /// A frame or datagram is shorter than its fields say, or a field holds an impossible value.
        case malformed
        /// A frame kind this version does not know.
        case unknownKind
        /// A hello did not start with `CPR1`.
        case badMagic
        /// The other side speaks another wire version.
        case versionMismatch
        /// The other side belongs to another session ID.
        case sessionMismatch
        /// The peer that answered at a discovered address is not the one advertised there (its hello names another
        /// peer ID than the DNS-SD instance).
        case identityMismatch
        /// A sealed frame or datagram failed authentication: forged, corrupted or replayed.
        case authenticationFailed
        /// An invitation context over 4 KiB.
        case contextTooLarge
        /// The named peer is not connected.
        case notConnected
        /// The peer is not known (neither discovered nor connected).
        case unknownPeer
        /// A reliable send stayed suspended by back-pressure for longer than the configured send timeout.
        case sendTimedOut
        /// The connection closed before the operation finished.
        case connectionClosed
        /// The session was closed.
        case sessionClosed
        /// A socket could not be opened or bound, or a resource could not be read or stored.
        case transport
        /// The sender cancelled a resource or stream.
        case cancelled
    }

    /// What went wrong.
    public var code: Code
    /// A sentence saying what and why.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
