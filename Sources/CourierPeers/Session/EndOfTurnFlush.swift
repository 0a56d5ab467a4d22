import NIOCore

/// A handler that puts a flush off to the end of the event loop's current turn, so that the writes of sends already
/// queued on the loop (each written and flushed on its own) go out together: sealed as one batch, or sent as one
/// run of datagrams.
protocol EndOfTurnFlushing: AnyObject {
    /// Whether a put-off flush is waiting for the end of the turn.
    var flushScheduled: Bool { get set }

    /// Writes what waited for the put-off flush; the flush follows.
    func writeHeldBack(context: ChannelHandlerContext)
}

extension EndOfTurnFlushing {
    /// Flushes at the end of the current turn, once however many flushes ask for it meanwhile.
    func flushAtEndOfTurn(context: ChannelHandlerContext) {
        guard !flushScheduled else { return }
        flushScheduled = true
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let (handler, context) = bound.value
            handler.flushScheduled = false
            handler.writeHeldBack(context: context)
            context.flush()
        }
    }
}
