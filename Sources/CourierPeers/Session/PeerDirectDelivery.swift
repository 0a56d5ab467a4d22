import NIOCore
import Synchronization

/// A connected link's way for messages from the event loop straight to the session's events, past the connection's
/// read task and the session actor: one thread hand-off per message (event loop to the consumer of the events)
/// instead of two (event loop to the read task, then to the consumer).
///
/// The session grants the route after it has said the peer is connected, and revokes it whenever the link leaves
/// that state, before it says anything else about the peer. The event loop takes the route only when the read task
/// has handled everything handed to it before, so messages never overtake one another or the frames around them.
final class PeerDirectRoute: Sendable {
    private let grantee = Mutex<PeerInfo?>(nil)
    private let handledCount = Atomic<Int>(0)
    private let heardFlag = Atomic<Bool>(false)

    /// Messages may go the direct way, as from `peer`.
    func grant(_ peer: PeerInfo) { grantee.withLock { $0 = peer } }

    /// Messages go through the read task and the session again.
    func revoke() { grantee.withLock { $0 = nil } }

    /// The peer messages come from, while the route is granted.
    var peer: PeerInfo? { grantee.withLock { $0 } }

    /// How many messages the read task has handled (counted by the read task, compared by the event loop).
    var handled: Int { handledCount.load(ordering: .acquiring) }

    /// The read task has handled `count` more messages.
    func didHandle(_ count: Int) { handledCount.add(count, ordering: .releasing) }

    /// A message went the direct way.
    func markHeard() { heardFlag.store(true, ordering: .relaxed) }

    /// Whether a message went the direct way since the last call (the liveness tick's "heard from").
    func takeHeard() -> Bool { heardFlag.exchange(false, ordering: .relaxed) }
}

/// Sits between ``PeerConnectionHandler`` and the read burst batcher: a message that may go the direct way
/// (``PeerDirectRoute``) is handed to `deliver` on the event loop; everything else, and a message `deliver`
/// refuses, goes on to the read task as before.
final class PeerDirectDeliveryHandler: ChannelInboundHandler {
    typealias InboundIn = PeerInbound
    typealias InboundOut = PeerInbound

    private let route: PeerDirectRoute
    private let deliver: @Sendable ([UInt8], PeerDirectRoute) -> Bool
    private let onInactive: @Sendable () -> Void
    /// Messages handed on to the read task.
    private var forwarded = 0

    /// `deliver` returns whether it delivered the message (it refuses once the route is revoked); `onInactive` runs
    /// once the connection has closed.
    init(
        route: PeerDirectRoute, deliver: @escaping @Sendable ([UInt8], PeerDirectRoute) -> Bool,
        onInactive: @escaping @Sendable () -> Void
    ) {
        self.route = route
        self.deliver = deliver
        self.onInactive = onInactive
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .message(let bytes) = unwrapInboundIn(data), route.handled == forwarded, deliver(bytes, route) {
            route.markHeard()
            return
        }
        forwarded += 1
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        onInactive()
        context.fireChannelInactive()
    }
}

/// What the event loop set up for a connection the session has not adopted yet.
struct PeerChannelParts: Sendable {
    /// Set when the connection has a send timeout.
    var stall: PeerSendStall?
    /// The direct way for its messages.
    var route: PeerDirectRoute
}

/// The parts of connections set up on the event loop and not yet adopted by the session.
final class UnadoptedChannels: Sendable {
    private let parts = Mutex<[ObjectIdentifier: PeerChannelParts]>([:])

    func put(_ entry: PeerChannelParts, for channel: ObjectIdentifier) {
        parts.withLock { $0[channel] = entry }
    }

    /// Removes and returns the parts of a connection.
    func take(_ channel: ObjectIdentifier) -> PeerChannelParts? {
        parts.withLock { $0.removeValue(forKey: channel) }
    }
}
