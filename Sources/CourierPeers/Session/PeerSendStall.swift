import NIOCore
import Synchronization

/// Whether a connection was closed because its writes made no progress for the send timeout.
final class PeerSendStall: Sendable {
    private let didFire = Atomic<Bool>(false)

    /// True once the connection was closed for a stall.
    var fired: Bool { didFire.load(ordering: .acquiring) }

    func fire() { didFire.store(true, ordering: .releasing) }
}

/// Closes a connection that stayed unwritable for the send timeout: the peer read nothing for that long, and a
/// reliable send suspended on back-pressure would otherwise wait for ever. The timer runs on the event loop, in
/// real time, whatever clock the session's liveness uses, and only while the channel is unwritable, so a send
/// that never waits pays nothing for it.
final class PeerSendStallHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let timeout: TimeAmount
    private let stall: PeerSendStall
    private var timer: Scheduled<Void>?

    /// Creates the handler; `stall` is set when it closes the connection.
    init(timeout: Duration, stall: PeerSendStall) {
        // Clamped, so that a huge configured timeout cannot overflow the nanosecond count (a year is "never" here).
        let (seconds, attoseconds) = timeout.components
        let clamped = min(max(seconds, 0), 365 * 24 * 3600)
        self.timeout = .nanoseconds(clamped * 1_000_000_000 + (seconds < 0 ? 0 : attoseconds / 1_000_000_000))
        self.stall = stall
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
        context.fireChannelInactive()
    }
}
