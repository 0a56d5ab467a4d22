import NIOCore

/// The channel handler that turns received bytes into frames with a ``FrameParser``.
final class FrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    private var parser: FrameParser

    init(framing: Framing) {
        self.parser = FrameParser(framing: framing)
    }

    func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = try parser.nextFrame(from: &buffer) else { return .needMoreData }
        context.fireChannelRead(Self.wrapInboundOut(frame))
        return .continue
    }

    func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while let frame = try parser.nextFrame(from: &buffer) {
            context.fireChannelRead(Self.wrapInboundOut(frame))
        }
        if seenEOF, let last = try parser.finish(remaining: &buffer) {
            context.fireChannelRead(Self.wrapInboundOut(last))
        }
        return .needMoreData
    }
}
