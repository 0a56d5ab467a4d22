import NIOCore

/// Sends the flushes of one event-loop turn as one: placed below the HTTP/2 handler, it turns the flush of each
/// stream that starts in the same turn (and each control frame answered while reading) into one flush at the end
/// of the turn — one TLS record and one `write` for all of them instead of one each. Under load, most of an
/// HTTP/2 connection's event loop time went into those per-stream records and system calls.
///
/// A flush asked for while reading waits for the end of the read (`channelReadComplete`); one asked for otherwise
/// runs as a task queued on the event loop, after whatever else that turn already has queued.
final class FlushCoalescingHandler: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private var reading = false
    private var flushPending = false
    private var flushScheduled = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reading = true
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        reading = false
        context.fireChannelReadComplete()
        flushIfPending(context: context)
    }

    func flush(context: ChannelHandlerContext) {
        flushPending = true
        guard !reading, !flushScheduled else { return }
        flushScheduled = true
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let (handler, context) = loopBound.value
            handler.flushScheduled = false
            handler.flushIfPending(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        flushPending = false
        context.fireChannelInactive()
    }

    private func flushIfPending(context: ChannelHandlerContext) {
        guard flushPending else { return }
        flushPending = false
        context.flush()
    }
}
