import NIOCore

/// The idle read timeout of a connection: fires `IdleStateHandler.IdleStateEvent.read` (which
/// ``StreamEventHandler`` turns into a `timedOut` error) when a read was asked for and nothing arrived
/// within the timeout.
///
/// Unlike NIO's `IdleStateHandler`, which counts from the last read whether or not anyone asked for one,
/// this counts only while a read is outstanding. Before ``TCPConnection/run(_:)`` (auto-read off) and while
/// the reader's buffer is full (back-pressure) nothing is asked, so an application that is slow to read, or
/// a process too busy to get to it, is never blamed on the peer.
final class ReadIdleTimer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func read(context: ChannelHandlerContext) {
        if timer == nil, context.channel.isActive {
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            timer = context.eventLoop.scheduleTask(in: timeout) {
                let (handler, context) = bound.value
                handler.timer = nil
                context.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
            }
        }
        context.read()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The read that was asked for is answered; the next `read` starts the clock again.
        cancelTimer()
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
