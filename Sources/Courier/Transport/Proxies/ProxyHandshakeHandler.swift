import NIOCore

/// An action of a proxy handshake's state machine that can say "give up with this error"; an enum case
/// `fail(ProxyTunnelError.Kind)` satisfies it.
protocol ProxyHandshakeAction: Sendable {
    /// Give up with this error.
    static func fail(_ kind: ProxyTunnelError.Kind) -> Self
}

/// What ``ProxyHandshakeHandler`` does for one action of its state machine.
enum ProxyHandshakeStep<Outcome: Sendable> {
    /// Read more bytes from the proxy.
    case readMore
    /// Write these bytes to the proxy, then read its answer.
    case send([UInt8])
    /// The tunnel is open: keep `leftover` for the caller's handlers, leave the pipeline, and succeed with `outcome`.
    case established(leftover: ByteBuffer?, outcome: Outcome)
    /// The exchange ended without a tunnel (an HTTP proxy's 407, say); succeed with `outcome` and stay.
    case finished(Outcome)
    /// Fail with this error and close the channel.
    case fail(ProxyTunnelError.Kind)
}

/// The client side of a proxy handshake (HTTP `CONNECT`, SOCKS5) as a state machine that does no I/O; the part
/// that ``ProxyHandshakeHandler`` drives.
protocol ProxyHandshakeMachine: Sendable {
    /// What the machine tells its handler to do.
    associatedtype Action: ProxyHandshakeAction
    /// What a successful exchange completes its promise with.
    associatedtype Outcome: Sendable

    /// Consumes bytes from the proxy, throwing what makes the exchange fail.
    mutating func receiveThrowing(_ buffer: inout ByteBuffer) throws(ProxyTunnelError.Kind) -> Action
    /// The proxy closed the connection (or the channel went inactive).
    mutating func closed() -> Action
    /// Marks the exchange failed for an outside reason (timeout, cancellation, write error).
    mutating func fail()
    /// What the handler does for `action`.
    static func step(for action: Action) -> ProxyHandshakeStep<Outcome>
}

extension ProxyHandshakeMachine {
    /// Consumes bytes from the proxy; an error fails the machine and becomes a `fail` action.
    mutating func receive(_ buffer: inout ByteBuffer) -> Action {
        do {
            return try receiveThrowing(&buffer)
        } catch {
            fail()
            return .fail(error)
        }
    }
}

/// Drives a ``ProxyHandshakeMachine`` on a channel connected to a proxy: writes what the machine says, reads only when
/// it needs bytes (the channel's `autoRead` is off), bounds every exchange by a timeout, and when the tunnel is open
/// leaves the pipeline so that the channel is a byte pipe to the target.
///
/// ``HTTPConnectHandler`` and ``SOCKS5Handler`` add how an exchange starts.
final class ProxyHandshakeHandler<Machine: ProxyHandshakeMachine>: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    typealias Outcome = Machine.Outcome

    /// The state machine; the protocol's extension starts exchanges with it.
    var machine: Machine
    private var received: ByteBuffer?
    private var pending: EventLoopPromise<Outcome>?
    private var timeoutTask: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private let timeout: TimeAmount
    /// An abort that came while nothing was pending (a task cancelled before its exchange started); the next
    /// exchange fails with it at once.
    private var earlyAbort: ProxyTunnelError.Kind?
    private let makeError: @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError

    /// Creates a handler for a prepared machine; `makeError` names the proxy and the target in errors.
    init(
        machine: Machine, timeout: TimeAmount,
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

    /// Starts an exchange that `promise` waits for: fails it at once after an early abort, on an inactive channel,
    /// while another exchange is pending or when the machine is not `ready`; else holds it, starts the timeout and
    /// returns the context to write on. Call on the channel's event loop.
    func begin(_ promise: EventLoopPromise<Outcome>, ready: Bool = true) -> ChannelHandlerContext? {
        if let earlyAbort {
            promise.fail(makeError(earlyAbort))
            context?.close(promise: nil)
            return nil
        }
        guard let context, context.channel.isActive, ready, pending == nil else {
            promise.fail(makeError(.connectionClosed))
            return nil
        }
        pending = promise
        let timeout = self.timeout
        timeoutTask = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            self.timeoutTask = nil
            self.abort(.timedOut(milliseconds: timeout.nanoseconds / 1_000_000))
        }
        return context
    }

    /// Writes `bytes` to the proxy (a failed write aborts the exchange) and asks for its answer.
    func write(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
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

    /// Does what the machine said.
    func handle(_ action: Machine.Action, context: ChannelHandlerContext) {
        switch Machine.step(for: action) {
        case .readMore:
            break
        case .send(let bytes):
            write(context.channel.allocator.buffer(bytes: bytes), context: context)
        case .established(let leftover, let outcome):
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
            promise?.succeed(outcome)
        case .finished(let outcome):
            received = nil
            finish(.success(outcome))
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
