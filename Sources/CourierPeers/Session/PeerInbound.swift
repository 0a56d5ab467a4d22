import Crypto

/// What a connection hands the session: the other side's hello once (with the negotiated cipher), then opened
/// frames.
public enum PeerInbound: Sendable {
    /// The other side's validated hello; `cipher` is set when the connection is encrypted, `identity` when the
    /// other side presented and proved a signing identity.
    case hello(PeerHello, cipher: PeerCipher?, identity: P256.Signing.PublicKey?)
    /// A frame other than data, already opened when the connection is encrypted.
    case frame(PeerFrame)
    /// A data frame's body, opened: the bytes the application receives, copied once (from the cipher's output or
    /// the read buffer).
    case message([UInt8])

    /// What an opened frame becomes: data as its bytes, anything else as the frame.
    static func opened(_ frame: PeerFrame) -> PeerInbound {
        frame.kind == .data ? .message(Array(frame.body.readableBytesView)) : .frame(frame)
    }
}
