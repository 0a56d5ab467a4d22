import Logging
import NIOCore

/// Runs ``PeerHandshakeStateMachine`` on a channel: sends and checks hellos, refuses bad ones with a reason,
/// seals outbound frames and opens inbound ones. Sits between ``PeerFrameDecoder``/``PeerFrameEncoder`` and the
/// session.
public final class PeerConnectionHandler: ChannelDuplexHandler {
    /// Frames from the decoder.
    public typealias InboundIn = PeerFrame
    /// The hello, then opened frames.
    public typealias InboundOut = PeerInbound
    /// Frames from the session.
    public typealias OutboundIn = PeerFrame
    /// Sealed frames to the encoder.
    public typealias OutboundOut = PeerFrame

    private var machine: PeerHandshakeStateMachine
    private let localHello: PeerHello
    private let logger: Logger

    /// Creates the handler for one connection.
    public init(
        local: PeerHello, keyExchange: PeerKeyExchange, isInitiator: Bool,
        authentication: PeerAuthentication = PeerAuthentication(), logger: Logger
    ) {
        self.machine = PeerHandshakeStateMachine(
            local: local, keyExchange: keyExchange, isInitiator: isInitiator, authentication: authentication)
        self.localHello = local
        self.logger = logger
    }

    /// Sends the hello when this side initiates.
    public func channelActive(context: ChannelHandlerContext) {
        if case .sendHello = machine.channelActive() {
            context.writeAndFlush(wrapOutboundOut(PeerFrame(kind: .hello, body: localHello.encoded())), promise: nil)
        }
        context.fireChannelActive()
    }

    /// Also covers a handler added to an already active channel.
    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive, case .sendHello = machine.channelActive() {
            context.writeAndFlush(wrapOutboundOut(PeerFrame(kind: .hello, body: localHello.encoded())), promise: nil)
        }
    }

    /// Checks hellos and opens frames.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch machine.frameReceived(unwrapInboundIn(data)) {
        case .none, .sendHello:
            break
        case .sendProof(let proof, let sendOurHelloFirst):
            if sendOurHelloFirst {
                context.write(wrapOutboundOut(PeerFrame(kind: .hello, body: localHello.encoded())), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(proof), promise: nil)
        case .deliverHello(let hello, let cipher, let identity):
            context.fireChannelRead(wrapInboundOut(.hello(hello, cipher: cipher, identity: identity)))
        case .deliver(let frame):
            context.fireChannelRead(wrapInboundOut(.frame(frame)))
        case .reject(let reason, let error):
            logger.info("refusing connection", metadata: ["reason": "\(reason)", "detail": "\(error.message)"])
            // The error goes up first: the write below can complete and close the channel at once, and once closed
            // the session's inbound stream has ended without it (an inviter then saw "closed" for a version
            // mismatch).
            context.fireErrorCaught(error)
            var body = ByteBuffer()
            body.writeInteger(reason.rawValue)
            body.writeString(error.message)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(PeerFrame(kind: .reject, body: body))).whenComplete { _ in
                channel.close(promise: nil)
            }
        case .close(let error):
            logger.info("closing connection", metadata: ["reason": "\(error.message)"])
            context.fireErrorCaught(error)
            context.close(promise: nil)
        }
    }

    /// Seals outbound frames in the order they are written, so counter nonces match the byte stream.
    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        do {
            let sealed = try machine.sealOutbound(unwrapOutboundIn(data))
            context.write(wrapOutboundOut(sealed), promise: promise)
        } catch {
            promise?.fail(error)
        }
    }

    /// Decoder errors (oversized or unknown frames) end the connection: the stream cannot be resynchronised.
    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.info("connection error", metadata: ["error": "\(error)"])
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }
}
