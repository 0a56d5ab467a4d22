import NIOCore
import Synchronization

/// Whether a connection was closed because its writes made no progress for the send timeout.
final class PeerSendStall: Sendable {
    private let didFire = Atomic<Bool>(false)

    /// True once the connection was closed for a stall.
    var fired: Bool { didFire.load(ordering: .acquiring) }

    func fire() { didFire.store(true, ordering: .releasing) }
}

/// The stall flags of connections set up on the event loop and not yet adopted by the session.
final class SendStalls: Sendable {
    private let flags = Mutex<[ObjectIdentifier: PeerSendStall]>([:])

    func put(_ stall: PeerSendStall, for channel: ObjectIdentifier) {
        flags.withLock { $0[channel] = stall }
    }

    /// Removes and returns the flag of a connection.
    func take(_ channel: ObjectIdentifier) -> PeerSendStall? {
        flags.withLock { $0.removeValue(forKey: channel) }
    }
}

/// Closes a connection that stayed unwritable for the send timeout: the peer read nothing for that long, and a
/// reliable send suspended on back-pressure would otherwise wait for ever. The timer runs on the event loop, in
/// real time, whatever clock the session's liveness uses, and only while the channel is unwritable, so a send
/// that never waits pays nothing for it.
final class PeerSendStallHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let timeout: TimeAmount
    private let stall: PeerSendStall
    private let onInactive: @Sendable () -> Void
    private var timer: Scheduled<Void>?

    /// `onInactive` runs once the connection has closed (the session forgets the flag of a connection it never
    /// adopted).
    init(timeout: Duration, stall: PeerSendStall, onInactive: @escaping @Sendable () -> Void) {
        // Clamped, so that a huge configured timeout cannot overflow the nanosecond count (a year is "never" here).
        let (seconds, attoseconds) = timeout.components
        let clamped = min(max(seconds, 0), 365 * 24 * 3600)
        self.timeout = .nanoseconds(clamped * 1_000_000_000 + (seconds < 0 ? 0 : attoseconds / 1_000_000_000))
        self.stall = stall
        self.onInactive = onInactive
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            timer?.cancel()
            timer = nil
        } else if timer == nil {
            let channel = context.channel
            let stall = self.stall
            timer = context.eventLoop.scheduleTask(in: timeout) {
                stall.fire()
                channel.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        onInactive()
        context.fireChannelInactive()
    }
}
