import HTTPTypes
import NIOCore

/// Drives ``HTTPConnectStateMachine`` on a channel connected to an HTTP proxy: writes each `CONNECT`, reads the
/// answer only when it needs bytes (the channel's `autoRead` is off), bounds every wait by a timeout, and on 2xx
/// leaves the pipeline so that the channel is a byte pipe to the target.
typealias HTTPConnectHandler = ProxyHandshakeHandler<HTTPConnectStateMachine>

extension HTTPConnectStateMachine.Action: ProxyHandshakeAction {}

extension HTTPConnectStateMachine: ProxyHandshakeMachine {
    /// How one `CONNECT` exchange ended, when it did not fail.
    enum Outcome: Sendable {
        /// The tunnel is open and the handler has left the pipeline.
        case established
        /// The proxy answered 407; `reusable` says whether the next `CONNECT` may go on this connection.
        case challenge(HTTPResponse, reusable: Bool)
    }

    static func step(for action: Action) -> ProxyHandshakeStep<Outcome> {
        switch action {
        case .readMore: .readMore
        case .established(let leftover): .established(leftover: leftover, outcome: .established)
        case .challenge(let response, let reusable): .finished(.challenge(response, reusable: reusable))
        case .fail(let kind): .fail(kind)
        }
    }
}

extension ProxyHandshakeHandler where Machine == HTTPConnectStateMachine {
    /// Creates a handler; `makeError` names the proxy and the target in errors.
    convenience init(
        limits: ProxyTunnel.Limits, timeout: TimeAmount,
        makeError: @escaping @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError
    ) {
        self.init(machine: HTTPConnectStateMachine(limits: limits), timeout: timeout, makeError: makeError)
    }

    /// Writes `request` and completes `promise` with the proxy's answer. Call on the channel's event loop.
    func send(_ request: HTTPConnectRequest, promise: EventLoopPromise<Outcome>) {
        guard let context = begin(promise, ready: machine.canSendRequest) else { return }
        machine.requestSent()
        var bytes = context.channel.allocator.buffer(capacity: 256)
        request.write(into: &bytes)
        write(bytes, context: context)
    }
}
