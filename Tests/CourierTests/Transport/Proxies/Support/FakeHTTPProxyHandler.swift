import NIOCore

/// A scripted HTTP proxy connection: for the n-th request head on the connection it sends the n-th reply, then
/// keeps the connection, closes it, or (after a 2xx) becomes an echo of the tunnel.
final class FakeHTTPProxyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// One scripted answer.
    struct Reply: Sendable {
        /// What to do after writing the bytes.
        enum Then: Sendable {
            case keepOpen
            case close
            case tunnel
        }

        var bytes: String
        var then: Then
    }

    private let replies: [Reply]
    private let connection: Int
    private let server: FakeProxyServer
    private var buffer: [UInt8] = []
    private var requestIndex = 0
    private var tunnelling = false

    init(replies: [Reply], connection: Int, server: FakeProxyServer) {
        self.replies = replies
        self.connection = connection
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = Array(buffer: unwrapInboundIn(data))
        if tunnelling {
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
            return
        }
        buffer += bytes
        while !tunnelling, let end = endOfHead() {
            let head = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeFirst(end)
            server.record(connection: connection, head)
            guard requestIndex < replies.count else {
                context.close(promise: nil)
                return
            }
            let reply = replies[requestIndex]
            requestIndex += 1
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: reply.bytes)), promise: nil)
            switch reply.then {
            case .keepOpen:
                break
            case .close:
                context.close(promise: nil)
                return
            case .tunnel:
                tunnelling = true
                if !buffer.isEmpty {
                    context.writeAndFlush(
                        wrapOutboundOut(context.channel.allocator.buffer(bytes: buffer)), promise: nil)
                    buffer = []
                }
            }
        }
    }

    private func endOfHead() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
