import Crypto

/// What a connection hands the session: the other side's hello once (with the negotiated cipher), then opened
/// frames.
public enum PeerInbound: Sendable {
    /// The other side's validated hello; `cipher` is set when the connection is encrypted, `identity` when the
    /// other side presented and proved a signing identity.
    case hello(PeerHello, cipher: PeerCipher?, identity: P256.Signing.PublicKey?)
    /// A frame, already opened when the connection is encrypted.
    case frame(PeerFrame)
}
