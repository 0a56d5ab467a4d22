import NIOCore

/// Splits the control connection's bytes into lines (CR LF, or a bare LF from lenient servers) and assembles
/// them into ``FTPReply`` values through ``FTPReplyParser``.
struct FTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = FTPReply

    private var parser = FTPReplyParser()

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            guard buffer.readableBytes <= FTPReplyParser.maximumLineLength else {
                throw FTPProtocolError("a reply line is longer than \(FTPReplyParser.maximumLineLength) bytes")
            }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        var line = buffer.readString(length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        if case .reply(let reply) = try parser.feed(line) {
            context.fireChannelRead(wrapInboundOut(reply))
        }
        return .continue
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
