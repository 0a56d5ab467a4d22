import NIOCore
import Synchronization

/// A connected link's ways past the session actor, each a thread hand-off saved per message:
/// - **in:** the event loop emits the peer's messages to the session's events itself, instead of handing them to the
///   connection's read task, which hopped to the session to emit them;
/// - **out:** ``PeerSession/send(_:to:mode:)`` writes a reliable message to the connection, and an unreliable one to
///   the session's datagram socket, without a hop to the session.
///
/// The session grants the route after it has said the peer is connected, and revokes it whenever the link leaves
/// that state, before it says anything else about the peer. The event loop takes the route only when the read task
/// has handled everything handed to it before, so messages never overtake one another or the frames around them.
final class PeerDirectRoute: Sendable {
    /// What a granted route holds (a class: each send takes it, and one reference is cheaper to copy than its
    /// fields).
    final class Grant: Sendable {
        /// The connected peer.
        let peer: PeerInfo
        /// The connection's writer.
        let writer: NIOAsyncChannelOutboundWriter<PeerFrame>?
        /// Where unreliable messages to the peer go; `nil` when the peer named no UDP port.
        let datagrams: PeerDatagramOutlet?

        init(peer: PeerInfo, writer: NIOAsyncChannelOutboundWriter<PeerFrame>?, datagrams: PeerDatagramOutlet?) {
            self.peer = peer
            self.writer = writer
            self.datagrams = datagrams
        }
    }

    /// Set when the connection has a send timeout: fired once the stall handler closed the connection.
    let stall: PeerSendStall?
    /// The bound on reliable messages handed to the connection and not yet taken by its event loop.
    let credit: PeerSendCredit
    private let granted = Mutex<Grant?>(nil)
    private let handledCount = Atomic<Int>(0)
    private let heardFlag = Atomic<Bool>(false)
    /// The number of the next unreliable message to the peer (its nonce when sealed).
    private let nextMessageNumber = Atomic<UInt32>(0)

    /// Creates a route, not granted, whose first unreliable message has number `firstMessageNumber` (tests start
    /// near the end of the numbers).
    init(
        stall: PeerSendStall? = nil, credit: PeerSendCredit = PeerSendCredit(limit: 1 << 20),
        firstMessageNumber: UInt32 = 0
    ) {
        self.stall = stall
        self.credit = credit
        nextMessageNumber.store(firstMessageNumber, ordering: .relaxed)
    }

    /// Messages may go the direct ways, from and to `peer`.
    func grant(
        _ peer: PeerInfo, writer: NIOAsyncChannelOutboundWriter<PeerFrame>?, datagrams: PeerDatagramOutlet? = nil
    ) {
        granted.withLock { $0 = Grant(peer: peer, writer: writer, datagrams: datagrams) }
    }

    /// Messages go through the read task and the session again.
    func revoke() { granted.withLock { $0 = nil } }

    /// The peer and writer, while the route is granted.
    var grant: Grant? { granted.withLock { $0 } }

    /// The peer messages come from, while the route is granted.
    var peer: PeerInfo? { granted.withLock { $0?.peer } }

    /// How many messages the read task has handled (counted by the read task, compared by the event loop).
    var handled: Int { handledCount.load(ordering: .acquiring) }

    /// The read task has handled `count` more messages.
    func didHandle(_ count: Int) { handledCount.add(count, ordering: .releasing) }

    /// Takes the number of the next unreliable message, each once; `nil` once all 2³² are used, since a number is
    /// also a sealed message's nonce and must never repeat under the connection's key.
    func takeMessageNumber() -> UInt32? {
        var current = nextMessageNumber.load(ordering: .relaxed)
        while current != .max {
            let (exchanged, original) = nextMessageNumber.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return current }
            current = original
        }
        return nil
    }

    /// A message went the direct way.
    func markHeard() { heardFlag.store(true, ordering: .relaxed) }

    /// Whether a message went the direct way since the last call (the liveness tick's "heard from").
    func takeHeard() -> Bool { heardFlag.exchange(false, ordering: .relaxed) }
}

/// Sits between ``PeerConnectionHandler`` and the read burst batcher, and keeps the route's side of the connection:
/// - **in:** a message that may go the direct way (``PeerDirectRoute``) is handed to `deliver` on the event loop;
///   everything else, and a message `deliver` refuses, goes on to the read task as before;
/// - **out:** a reliable message taken from the writer gives its credit back (``PeerSendCredit``), and the credit
///   closes when the pipeline is torn down, so that sends waiting for room end.
final class PeerDirectDeliveryHandler: ChannelDuplexHandler {
    typealias InboundIn = PeerInbound
    typealias InboundOut = PeerInbound
    typealias OutboundIn = PeerFrame
    typealias OutboundOut = PeerFrame

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

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if let message = unwrapOutboundIn(data).message { route.credit.release(message.count) }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        route.credit.close()
    }
}

/// The routes of connections set up on the event loop and not yet adopted by the session.
final class UnadoptedChannels: Sendable {
    private let routes = Mutex<[ObjectIdentifier: PeerDirectRoute]>([:])

    func put(_ route: PeerDirectRoute, for channel: ObjectIdentifier) {
        routes.withLock { $0[channel] = route }
    }

    /// Removes and returns the route of a connection.
    func take(_ channel: ObjectIdentifier) -> PeerDirectRoute? {
        routes.withLock { $0.removeValue(forKey: channel) }
    }
}
