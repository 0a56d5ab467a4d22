import NIOCore

/// Hands on what one read burst delivered as one array, so that the task consuming a channel takes a burst of
/// messages in one hop instead of one hop each (a 64 KiB read holds some sixty 1 KiB frames). Order is kept, and
/// messages still waiting go on before an error or the end of the connection.
public final class PeerInboundBatcher<Message>: ChannelInboundHandler {
    /// One message.
    public typealias InboundIn = Message
    /// The messages of one read burst.
    public typealias InboundOut = [Message]

    private var pending: [Message] = []

    /// Creates a batcher.
    public init() {}

    /// Part of the handler protocol.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending.append(unwrapInboundIn(data))
    }

    /// Part of the handler protocol.
    public func channelReadComplete(context: ChannelHandlerContext) {
        deliver(context: context)
        context.fireChannelReadComplete()
    }

    /// Part of the handler protocol.
    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        deliver(context: context)
        context.fireErrorCaught(error)
    }

    /// Part of the handler protocol.
    public func channelInactive(context: ChannelHandlerContext) {
        deliver(context: context)
        context.fireChannelInactive()
    }

    private func deliver(context: ChannelHandlerContext) {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        context.fireChannelRead(wrapInboundOut(batch))
    }
}
