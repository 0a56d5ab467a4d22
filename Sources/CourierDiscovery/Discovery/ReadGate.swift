import NIOCore

/// Holds a socket's reads while ``EngineEventBacklog`` says the dispatch loop is behind, the way NIO's
/// `BackPressureHandler` does for streams: a read request that arrives while paused is kept and issued by
/// ``resume()``. Must be used on the channel's event loop.
final class ReadGate: ChannelOutboundHandler {
    typealias OutboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundOut = AddressedEnvelope<ByteBuffer>

    private let backlog: EngineEventBacklog
    private var context: ChannelHandlerContext?
    private var heldRead = false

    init(backlog: EngineEventBacklog) {
        self.backlog = backlog
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func read(context: ChannelHandlerContext) {
        if backlog.isPaused {
            heldRead = true
        } else {
            context.read()
        }
    }

    /// Issues the read held during a pause, if the pause is over.
    func resume() {
        guard heldRead, backlog.isPaused == false, let context else { return }
        heldRead = false
        context.read()
    }
}
