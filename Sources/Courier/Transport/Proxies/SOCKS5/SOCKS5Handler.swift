import NIOCore

/// Drives ``SOCKS5StateMachine`` on a channel connected to a SOCKS5 proxy: writes each message, reads only when it
/// needs bytes (the channel's `autoRead` is off), bounds the handshake by a timeout, and when the proxy has connected
/// leaves the pipeline so that the channel is a byte pipe to the target.
final class SOCKS5Handler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var machine: SOCKS5StateMachine
    private var received: ByteBuffer?
    private var pending: EventLoopPromise<Void>?
    private var timeoutTask: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private let timeout: TimeAmount
    /// An abort that came while nothing was pending (a task cancelled before its exchange started); the next
    /// exchange fails with it at once.
    private var earlyAbort: ProxyTunnelError.Kind?
    private let makeError: @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError

    /// Creates a handler for a prepared machine; `makeError` names the proxy and the target in errors.
    init(
        machine: SOCKS5StateMachine, timeout: TimeAmount,
        makeError: @escaping @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError
    ) {
        self.machine = machine
        self.timeout = timeout
        self.makeError = makeError
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        finish(.failure(makeError(.connectionClosed)))
    }

    /// Starts the handshake and completes `promise` when the tunnel is open. Call on the channel's event loop.
    func start(promise: EventLoopPromise<Void>) {
        if let earlyAbort {
            promise.fail(makeError(earlyAbort))
            context?.close(promise: nil)
            return
        }
        guard let context, context.channel.isActive, pending == nil else {
            promise.fail(makeError(.connectionClosed))
            return
        }
        pending = promise
        let timeout = self.timeout
        timeoutTask = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            self.timeoutTask = nil
            self.abort(.timedOut(milliseconds: timeout.nanoseconds / 1_000_000))
        }
        handle(machine.start(), context: context)
    }

    /// Fails the handshake in progress (timeout, cancellation) and closes the channel.
    func abort(_ kind: ProxyTunnelError.Kind) {
        guard pending != nil else {
            earlyAbort = kind
            return
        }
        machine.fail()
        finish(.failure(makeError(kind)))
        context?.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if received == nil {
            received = bytes
        } else {
            received?.writeBuffer(&bytes)
        }
        guard var buffer = received else { return }
        received = nil
        let action = machine.receive(&buffer)
        if buffer.readableBytes > 0 { received = buffer }
        handle(action, context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if pending != nil { context.read() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        handle(machine.closed(), context: context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard pending != nil else {
            context.fireErrorCaught(error)
            return
        }
        abort(.connectionFailed(cause: String(describing: error)))
    }

    private func handle(_ action: SOCKS5StateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .readMore:
            break
        case .send(let bytes):
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes))).assumeIsolated()
                .whenFailure { [self] _ in self.abort(.connectionClosed) }
            context.read()
        case .established(let leftover):
            received = nil
            let pipeline = context.pipeline.syncOperations
            if let leftover {
                do {
                    try pipeline.addHandler(TunnelLeftoverHandler(leftover: leftover), position: .after(self))
                } catch {
                    abort(.connectionClosed)
                    return
                }
            }
            let promise = takePending()
            pipeline.removeHandler(context: context, promise: nil)
            promise?.succeed(())
        case .fail(let kind):
            finish(.failure(makeError(kind)))
            context.close(promise: nil)
        }
    }

    private func takePending() -> EventLoopPromise<Void>? {
        timeoutTask?.cancel()
        timeoutTask = nil
        let promise = pending
        pending = nil
        return promise
    }

    private func finish(_ result: Result<Void, ProxyTunnelError>) {
        guard let promise = takePending() else { return }
        switch result {
        case .success: promise.succeed(())
        case .failure(let error): promise.fail(error)
        }
    }
}
