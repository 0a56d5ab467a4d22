import Logging
import NIOCore

/// Runs ``PeerHandshakeStateMachine`` on a channel: sends and checks hellos, refuses bad ones with a reason,
/// seals outbound frames and opens inbound ones. Sits between ``PeerFrameDecoder``/``PeerFrameEncoder`` and the
/// session.
///
/// On an encrypted connection, small frames written between two flushes are sealed together as one
/// ``PeerFrame/Kind/batch`` (up to ``PeerLimits/maximumBatch`` bytes): sealing and opening cost far more per call
/// than per byte, so a burst of small messages pays for one seal instead of one each. Such a flush waits for the
/// end of the event loop's turn, so that sends queued behind it join the batch (and go in one socket write). A
/// frame flushed alone, or one over ``PeerLimits/maximumBatchedBody``, is sealed on its own as before.
public final class PeerConnectionHandler: ChannelDuplexHandler, EndOfTurnFlushing {
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
    /// Small frames written since the last flush, encoded back to back, waiting to be sealed as one batch.
    private var batch = ByteBuffer()
    private var batchedFrames = 0
    private var batchPromises: [EventLoopPromise<Void>] = []
    /// Whether a put-off flush waits for the end of the loop's turn (``EndOfTurnFlushing``).
    var flushScheduled = false
    /// Frames written past the batch since the last flush on an established connection (every frame of an
    /// unencrypted one, and sealed frames too large to batch): their flush waits too, so that a burst goes in one
    /// socket write.
    private var unflushedWrites = false
    /// Where frames are sealed: its memory is used again once the socket has written the frame it held.
    private var sealScratch = ByteBuffer()
    /// Scratch buffers for large frames that the socket has finished writing (see `writeLarge`).
    private var spareScratch: [ByteBuffer] = []
    /// The most memory the spare scratch buffers keep: a burst of sends after the socket drained takes about a send
    /// buffer's worth (1 MiB by default) at once.
    private static let spareScratchLimit = 1 << 20
    private var spareBytes: Int { spareScratch.reduce(0) { $0 + $1.capacity } }

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
            context.fireChannelRead(wrapInboundOut(.opened(frame)))
        case .deliverMessage(let bytes):
            context.fireChannelRead(wrapInboundOut(.message(bytes)))
        case .deliverBatch(let frames):
            for frame in frames { context.fireChannelRead(wrapInboundOut(.opened(frame))) }
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

    /// Seals outbound frames in the order they are written, so counter nonces match the byte stream; small ones
    /// wait for the flush to be sealed together.
    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        let encodedSize = 5 + frame.bodySize
        if machine.sealsOutbound, frame.kind != .hello, frame.kind != .reject,
            frame.bodySize <= PeerLimits.maximumBatchedBody
        {
            if batch.readableBytes + encodedSize > PeerLimits.maximumBatch { writeBatch(context: context) }
            frame.write(to: &batch)
            batchedFrames += 1
            if let promise { batchPromises.append(promise) }
            return
        }
        writeBatch(context: context)
        if machine.isEstablished { unflushedWrites = true }
        do {
            guard frame.bodySize > PeerFrameWriter.copyLimit else {
                let sealed = try machine.sealOutbound(frame, reusing: &sealScratch)
                context.write(wrapOutboundOut(sealed), promise: promise)
                return
            }
            try writeLarge(frame, context: context, promise: promise)
        } catch {
            promise?.fail(error)
        }
    }

    /// Seals a large frame into a spare scratch buffer, which goes back to the spares once the socket has written
    /// it: the socket holds a large body until then (``PeerFrameWriter`` does not copy it), so sealing the next frame
    /// into the same buffer would have to replace it with fresh memory, faulted in page by page.
    private func writeLarge(_ frame: PeerFrame, context: ChannelHandlerContext, promise: EventLoopPromise<Void>?)
        throws(PeersError)
    {
        var scratch = spareScratch.popLast() ?? ByteBuffer()
        let sealed = try machine.sealOutbound(frame, reusing: &scratch)
        let held = scratch
        let written = context.eventLoop.makePromise(of: Void.self)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { result in
            let handler = bound.value
            if held.capacity > 0, handler.spareBytes + held.capacity <= Self.spareScratchLimit {
                handler.spareScratch.append(held)
            }
            promise?.completeWith(result)
        }
        context.write(wrapOutboundOut(sealed), promise: written)
    }

    /// Flushes; with frames waiting to be sealed, at the end of the event loop's current turn instead, so that
    /// writes already queued on the loop (a burst of sends each flushed on its own) join the same batch.
    public func flush(context: ChannelHandlerContext) {
        guard batchedFrames > 0 || unflushedWrites else {
            context.flush()
            return
        }
        flushAtEndOfTurn(context: context)
    }

    /// Seals the batch that waited for the put-off flush.
    func writeHeldBack(context: ChannelHandlerContext) {
        unflushedWrites = false
        writeBatch(context: context)
    }

    /// A flush that was put off happens before the close (a deny or goodbye written and flushed just before
    /// closing must go out); frames written but never flushed are dropped with the close, as on any channel.
    public func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        writeBatch(context: context)
        if flushScheduled {
            unflushedWrites = false
            context.flush()
        }
        context.close(mode: mode, promise: promise)
    }

    /// Fails what still waits when the handler leaves the pipeline.
    public func handlerRemoved(context: ChannelHandlerContext) {
        let promises = batchPromises
        batchPromises = []
        batch.clear()
        batchedFrames = 0
        for promise in promises { promise.fail(ChannelError.ioOnClosedChannel) }
    }

    /// Seals the waiting frames: one alone as the frame it is, several as a batch.
    private func writeBatch(context: ChannelHandlerContext) {
        guard batchedFrames > 0 else { return }
        let frame: PeerFrame
        if batchedFrames == 1, let single = try? PeerFrame.read(from: &batch) {
            frame = single
        } else {
            frame = PeerFrame(kind: .batch, body: batch)
        }
        let promises = batchPromises
        batchPromises = []
        batchedFrames = 0
        var promise: EventLoopPromise<Void>?
        if !promises.isEmpty {
            let combined = context.eventLoop.makePromise(of: Void.self)
            combined.futureResult.whenComplete { result in
                for promise in promises { promise.completeWith(result) }
            }
            promise = combined
        }
        do {
            let sealed = try machine.sealOutbound(frame, reusing: &sealScratch)
            batch.clear()
            context.write(wrapOutboundOut(sealed), promise: promise)
        } catch {
            batch.clear()
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
