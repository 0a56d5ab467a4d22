import NIOCore

/// Writes ``PeerFrame``s as `u32 length | u8 kind | body`.
public struct PeerFrameEncoder: MessageToByteEncoder {
    /// Frames.
    public typealias OutboundIn = PeerFrame

    /// Creates an encoder.
    public init() {}

    /// Appends the frame to `out`.
    public func encode(data: PeerFrame, out: inout ByteBuffer) {
        data.write(to: &out)
    }
}
