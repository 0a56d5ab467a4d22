/// GKSendDataMode.
public enum PeerSendMode: Sendable, Hashable {
    /// TCP, in order, with back-pressure.
    case reliable
    /// UDP, sent once, chunked above 1 000 bytes; may be lost.
    case unreliable
}
