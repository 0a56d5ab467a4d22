import NIOCore

/// Sits at the end of a connection's pipeline: wraps frames, reports writability, turns an idle read
/// into a timeout error, maps errors onto ``SocketError`` and closes the channel after an error (an
/// `NIOAsyncChannel` reader cannot go on after one, and a closed channel holds no buffers).
final class StreamEventHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = SocketInbound

    private let idleReadTimeout: TimeAmount?
    private let host: String?

    init(idleReadTimeout: TimeAmount?, host: String?) {
        self.idleReadTimeout = idleReadTimeout
        self.host = host
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(Self.wrapInboundOut(.frame(Self.unwrapInboundIn(data))))
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.fireChannelRead(Self.wrapInboundOut(.writable))
        }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            let seconds = Double(idleReadTimeout?.nanoseconds ?? 0) / 1e9
            errorCaught(
                context: context,
                error: SocketError(
                    code: .timedOut,
                    message: "Nothing was received for \(seconds) seconds (the idle read timeout)."
                )
            )
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.fireErrorCaught(SocketError.mapping(error, host: host))
        context.close(promise: nil)
    }
}
