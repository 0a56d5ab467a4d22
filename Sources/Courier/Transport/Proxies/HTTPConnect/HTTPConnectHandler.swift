import HTTPTypes
import NIOCore

/// Drives ``HTTPConnectStateMachine`` on a channel connected to an HTTP proxy: writes each `CONNECT`, reads the
/// answer only when it needs bytes (the channel's `autoRead` is off), bounds every wait by a timeout, and on 2xx
/// leaves the pipeline so that the channel is a byte pipe to the target.
final class HTTPConnectHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// How one `CONNECT` exchange ended, when it did not fail.
    enum Outcome: Sendable {
        /// The tunnel is open and the handler has left the pipeline.
        case established
        /// The proxy answered 407; `reusable` says whether the next `CONNECT` may go on this connection.
        case challenge(HTTPResponse, reusable: Bool)
    }

    private var machine: HTTPConnectStateMachine
    private var received: ByteBuffer?
    private var pending: EventLoopPromise<Outcome>?
    private var timeoutTask: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private let timeout: TimeAmount
    /// An abort that came while nothing was pending (a task cancelled before its exchange started); the next
    /// exchange fails with it at once.
    private var earlyAbort: ProxyTunnelError.Kind?
    private let makeError: @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError

    /// Creates a handler; `makeError` names the proxy and the target in errors.
    init(
        limits: ProxyTunnel.Limits, timeout: TimeAmount,
        makeError: @escaping @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError
    ) {
        self.machine = HTTPConnectStateMachine(limits: limits)
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

    /// Writes `request` and completes `promise` with the proxy's answer. Call on the channel's event loop.
    func send(_ request: HTTPConnectRequest, promise: EventLoopPromise<Outcome>) {
        if let earlyAbort {
            promise.fail(makeError(earlyAbort))
            context?.close(promise: nil)
            return
        }
        guard let context, context.channel.isActive, machine.canSendRequest, pending == nil else {
            promise.fail(makeError(.connectionClosed))
            return
        }
        pending = promise
        machine.requestSent()
        var bytes = context.channel.allocator.buffer(capacity: 256)
        request.write(into: &bytes)
        let timeout = self.timeout
        timeoutTask = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            self.timeoutTask = nil
            self.abort(.timedOut(milliseconds: timeout.nanoseconds / 1_000_000))
        }
        context.writeAndFlush(wrapOutboundOut(bytes)).assumeIsolated().whenFailure { [self] _ in
            self.abort(.connectionClosed)
        }
        context.read()
    }

    /// Fails the exchange in progress (timeout, cancellation) and closes the channel.
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
        // autoRead is off: ask for more only while an answer is still expected.
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

    private func handle(_ action: HTTPConnectStateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .readMore:
            break
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
            promise?.succeed(.established)
        case .challenge(let response, let reusable):
            received = nil
            finish(.success(.challenge(response, reusable: reusable)))
        case .fail(let kind):
            finish(.failure(makeError(kind)))
            context.close(promise: nil)
        }
    }

    private func takePending() -> EventLoopPromise<Outcome>? {
        timeoutTask?.cancel()
        timeoutTask = nil
        let promise = pending
        pending = nil
        return promise
    }

    private func finish(_ result: Result<Outcome, ProxyTunnelError>) {
        guard let promise = takePending() else { return }
        switch result {
        case .success(let outcome): promise.succeed(outcome)
        case .failure(let error): promise.fail(error)
        }
    }
}
