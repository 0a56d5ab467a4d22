import NIOCore

/// Drives ``SOCKS5StateMachine`` on a channel connected to a SOCKS5 proxy: writes each message, reads only when it
/// needs bytes (the channel's `autoRead` is off), bounds the handshake by a timeout, and when the proxy has connected
/// leaves the pipeline so that the channel is a byte pipe to the target.
typealias SOCKS5Handler = ProxyHandshakeHandler<SOCKS5StateMachine>

extension SOCKS5StateMachine.Action: ProxyHandshakeAction {}

extension SOCKS5StateMachine: ProxyHandshakeMachine {
    static func step(for action: Action) -> ProxyHandshakeStep<Void> {
        switch action {
        case .send(let bytes): .send(bytes)
        case .readMore: .readMore
        case .established(let leftover): .established(leftover: leftover, outcome: ())
        case .fail(let kind): .fail(kind)
        }
    }
}

extension ProxyHandshakeHandler where Machine == SOCKS5StateMachine {
    /// Starts the handshake and completes `promise` when the tunnel is open. Call on the channel's event loop.
    func start(promise: EventLoopPromise<Void>) {
        guard let context = begin(promise) else { return }
        handle(machine.start(), context: context)
    }
}
