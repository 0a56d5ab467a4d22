import NIOCore
import Synchronization

/// Lets the requester of a new connection give up on it while it is being opened: cancelling closes the channel
/// (which fails a TLS handshake or a proxy exchange in progress), stops the proxy tunnel's task, and runs the
/// requester's own handler. What comes of the attempt after that is closed.
///
/// Whoever settles the attempt first, its completion or its cancellation, wins ``claim()``; the other side cleans
/// up.
final class ConnectCancellation: Sendable {
    private struct State {
        var isCancelled = false
        var isClaimed = false
        var channel: (any Channel)?
        var stopTunnel: (@Sendable () -> Void)?
        var handler: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    init() {}

    /// Whether ``cancel()`` has been called.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Gives up on the attempt: closes its channel, stops its tunnel and runs the handler, each once.
    func cancel() {
        let (channel, stopTunnel, handler) = state.withLock { state in
            guard !state.isCancelled else {
                return ((any Channel)?.none, (@Sendable () -> Void)?.none, (@Sendable () -> Void)?.none)
            }
            state.isCancelled = true
            defer {
                state.channel = nil
                state.stopTunnel = nil
                state.handler = nil
            }
            return (state.channel, state.stopTunnel, state.handler)
        }
        channel?.close(promise: nil)
        stopTunnel?()
        handler?()
    }

    /// Runs `handler` when the attempt is cancelled, at once if it already was. One handler per attempt.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let already = state.withLock { state in
            if !state.isCancelled { state.handler = handler }
            return state.isCancelled
        }
        if already { handler() }
    }

    /// Records the attempt's channel, to be closed on cancellation; false (and the caller closes it) when the
    /// attempt was cancelled already.
    func attach(_ channel: any Channel) -> Bool {
        state.withLock { state in
            if !state.isCancelled { state.channel = channel }
            return !state.isCancelled
        }
    }

    /// Records how to stop the proxy tunnel's task; false (and the caller stops it) when the attempt was cancelled
    /// already.
    func attachTunnel(_ stop: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            if !state.isCancelled { state.stopTunnel = stop }
            return !state.isCancelled
        }
    }

    /// True for the first caller only: the side that settles the attempt. The completion, when it wins, also
    /// forgets the channel, so that a cancellation arriving later cannot close a connection now in use, and the
    /// handler, which usually refers to this object (a cycle that would otherwise keep both alive).
    func claim() -> Bool {
        state.withLock { state in
            guard !state.isClaimed else { return false }
            state.isClaimed = true
            state.channel = nil
            state.stopTunnel = nil
            state.handler = nil
            return true
        }
    }
}
