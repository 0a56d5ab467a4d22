import NIOCore

/// Holds bytes that arrived in the same read as the end of a proxy handshake until the handlers the caller adds
/// after the tunnel can take them, then leaves the pipeline.
///
/// The establisher returns before the caller adds its handlers, so bytes fired at that point would reach the tail of
/// the pipeline and be lost. They are released, in order, on the first of: an outbound `read()` (the caller's
/// handlers asking for data, or ``ProxyTunnel/resumeReading(_:)``) or new inbound bytes.
final class TunnelLeftoverHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var leftover: ByteBuffer?

    /// Creates a handler holding `leftover`.
    init(leftover: ByteBuffer) {
        self.leftover = leftover
    }

    func read(context: ChannelHandlerContext) {
        let released = release(context: context)
        context.read()
        if released { leave(context: context) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let released = release(context: context)
        context.fireChannelRead(data)
        if released { leave(context: context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let released = release(context: context)
        context.fireChannelInactive()
        if released { leave(context: context) }
    }

    /// Hands the held bytes on; returns whether there were any. Leaving the pipeline comes after forwarding the
    /// event that triggered the release, because a removed context no longer forwards.
    private func release(context: ChannelHandlerContext) -> Bool {
        guard let bytes = leftover else { return false }
        leftover = nil
        context.fireChannelRead(wrapInboundOut(bytes))
        context.fireChannelReadComplete()
        return true
    }

    private func leave(context: ChannelHandlerContext) {
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
