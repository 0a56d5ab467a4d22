/// The protocol's fixed limits, from the spec (Game Kit's 87 KB message, MultipeerConnectivity's name and
/// peer-count limits).
public enum PeerLimits {
    /// The largest message in either mode: 87 KB = 89 088 bytes.
    public static let maximumMessageSize = 89_088
    /// The largest invitation context: 4 KiB.
    public static let maximumContextSize = 4096
    /// The longest display name, in UTF-8 bytes (MultipeerConnectivity's limit).
    public static let maximumDisplayNameBytes = 63
    /// The longest session ID, in UTF-8 bytes, so that it fits one TXT pair.
    public static let maximumSessionIDBytes = 100
    /// Peers in one peer-mode session, self included (`kMCSessionMaximumNumberOfPeers`).
    public static let maximumPeers = 8
    /// Clients one server-mode session accepts (the book's client-server limit).
    public static let maximumClients = 16
    /// The payload of one unreliable chunk.
    public static let chunkSize = 1000
    /// The most chunks one unreliable message may have: 89 088 bytes plus the 16-byte tag, in 1 000-byte chunks.
    public static let maximumChunks = 90
    /// Partial unreliable messages kept per peer; older ones are dropped and counted.
    public static let maximumPartialMessages = 64
    /// Invitations waiting for an answer; more are denied.
    public static let maximumPendingInvitations = 8
    /// Resources and streams arriving at once, from all peers; more are refused.
    public static let maximumIncomingTransfers = 16
    /// The largest body of a frame that may join a sealed batch; a larger one is sealed alone (a batch saves
    /// little on it, and copying it into the batch would cost more).
    public static let maximumBatchedBody = 16_384
    /// The most plaintext bytes (whole frames) in one sealed batch: a maximum message, so that a batch fits a
    /// frame.
    public static let maximumBatch = maximumMessageSize
    /// The bytes of the AES-GCM tag that sealing adds.
    public static let sealOverhead = 16
}
