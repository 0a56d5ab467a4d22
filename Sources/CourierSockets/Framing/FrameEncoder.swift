import NIOCore

/// The channel handler that adds each frame's terminator or length prefix on the way out.
///
/// The payload and its header go out as two writes so that the payload is never copied.
final class FrameEncoder: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let framing: Framing

    init(framing: Framing) {
        self.framing = framing
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let payload = Self.unwrapOutboundIn(data)
        do {
            try framing.checkOutgoing(length: payload.readableBytes)
        } catch {
            promise?.fail(error)
            return
        }
        switch framing {
        case .bytes, .fixedSize:
            context.write(Self.wrapOutboundOut(payload), promise: promise)
        case .lines(_, let terminator):
            context.write(Self.wrapOutboundOut(payload), promise: nil)
            context.write(
                Self.wrapOutboundOut(context.channel.allocator.buffer(bytes: terminator.bytes)), promise: promise)
        case .delimiter(let delimiter, _):
            context.write(Self.wrapOutboundOut(payload), promise: nil)
            context.write(Self.wrapOutboundOut(context.channel.allocator.buffer(bytes: delimiter)), promise: promise)
        case .lengthPrefixed(let width, let byteOrder, _):
            var header = context.channel.allocator.buffer(capacity: width.rawValue)
            let length = payload.readableBytes
            switch width {
            case .one: header.writeInteger(UInt8(length), endianness: byteOrder)
            case .two: header.writeInteger(UInt16(length), endianness: byteOrder)
            case .four: header.writeInteger(UInt32(length), endianness: byteOrder)
            case .eight: header.writeInteger(UInt64(length), endianness: byteOrder)
            }
            context.write(Self.wrapOutboundOut(header), promise: nil)
            context.write(Self.wrapOutboundOut(payload), promise: promise)
        }
    }
}
