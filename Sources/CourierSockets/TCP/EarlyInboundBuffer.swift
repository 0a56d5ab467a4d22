import NIOCore

/// Holds what arrives between connect (or accept) and ``TCPConnection/run(_:)``: the few bytes a TLS
/// handshake may carry along, an error, the end of the stream. When `run` wraps the channel, this
/// handler is removed and hands everything on in order.
///
/// Connections are created with auto-read off and only the TLS handshake reads before `run`, so what
/// this holds is bounded by what is read at the end of the stream (NIO drains the socket on EOF, and
/// the frame decoder caps each frame); after `run` the async channel's back-pressure takes over. If
/// the connection closed before `run`, `run` replays what this holds instead.
final class EarlyInboundBuffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = SocketInbound
    typealias InboundOut = SocketInbound

    private enum Held {
        case read(SocketInbound)
        case error(any Error)
        case inputClosed
        case inactive
    }

    private var held: [Held] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        held.append(.read(Self.unwrapInboundIn(data)))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        held.append(.error(error))
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent {
            held.append(.inputClosed)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        held.append(.inactive)
    }

    /// What the buffer holds, for a connection that closed before `run`: the frames, then the error
    /// that ended it, if any. Empties the buffer.
    func drain() -> (frames: [SocketInbound], failure: SocketError?) {
        var frames: [SocketInbound] = []
        var failure: SocketError? = nil
        for event in held {
            switch event {
            case .read(let element): frames.append(element)
            case .error(let error): failure = failure ?? SocketError.mapping(error)
            case .inputClosed, .inactive: break
            }
        }
        held = []
        return (frames, failure)
    }

    func removeHandler(context: ChannelHandlerContext, removalToken: ChannelHandlerContext.RemovalToken) {
        let pending = held
        held = []
        var didRead = false
        for event in pending {
            switch event {
            case .read(let element):
                context.fireChannelRead(Self.wrapInboundOut(element))
                didRead = true
            case .error(let error):
                context.fireErrorCaught(error)
            case .inputClosed:
                context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            case .inactive:
                context.fireChannelInactive()
            }
        }
        if didRead { context.fireChannelReadComplete() }
        context.leavePipeline(removalToken: removalToken)
    }
}
