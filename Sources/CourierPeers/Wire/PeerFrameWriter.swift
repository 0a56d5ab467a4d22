import NIOCore

/// Writes ``PeerFrame``s as `u32 length | u8 kind | body`, like ``PeerFrameEncoder``, without copying a large body:
/// its five header bytes and the body go as two buffers of one gathering socket write. Small frames are copied
/// behind their header (one buffer costs less than two).
public final class PeerFrameWriter: ChannelOutboundHandler, Sendable {
    /// Frames.
    public typealias OutboundIn = PeerFrame
    /// Their bytes.
    public typealias OutboundOut = ByteBuffer

    /// Bodies up to this many bytes are copied behind their header.
    public static let copyLimit = 4096

    /// Creates a writer.
    public init() {}

    /// Writes the frame's header and body.
    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        let size = frame.bodySize
        // A message still held as the application's array (it reaches here only past a handler that did not seal or
        // copy it) is copied behind its header too.
        if size <= Self.copyLimit || frame.message != nil {
            var buffer = context.channel.allocator.buffer(capacity: 5 + size)
            frame.write(to: &buffer)
            context.write(wrapOutboundOut(buffer), promise: promise)
            return
        }
        var header = context.channel.allocator.buffer(capacity: 5)
        header.writeInteger(UInt32(1 + size))
        header.writeInteger(frame.kind.rawValue)
        context.write(wrapOutboundOut(header), promise: nil)
        context.write(wrapOutboundOut(frame.body), promise: promise)
    }
}
