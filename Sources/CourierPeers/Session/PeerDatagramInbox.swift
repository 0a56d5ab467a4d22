import NIOCore
import Synchronization

/// Unreliable messages in, on the datagram socket's event loop: decodes each datagram, puts chunks back together,
/// opens sealed messages (each sender's replay window kept here) and says who sent them, without a hop to a task or
/// to the session actor. The session tells it who is connected and who left.
///
/// A connected peer's datagrams are taken while its route stays granted (``PeerDirectRoute``); a peer that left a
/// moment ago keeps its cipher until the chunk expiry, for messages it sent before the goodbye that overtook them.
final class PeerDatagramInbox: Sendable {
    private struct Sender {
        var info: PeerInfo
        var cipher: PeerCipher?
        /// Set for a connected peer: its datagrams are taken while the route is granted.
        var route: PeerDirectRoute?
        /// Set for a peer that left: until when its datagrams are still taken.
        var until: Duration?

        /// The message's bytes, opened when the sender's messages are sealed (in place: a copy of the cipher would
        /// copy its replay window on every message).
        mutating func open(_ message: ByteBuffer, _ chunk: PeerDatagram) throws(PeersError) -> (
            bytes: [UInt8], from: PeerInfo
        ) {
            let opened = try cipher?.openDatagramBytes(
                message, messageNumber: chunk.messageNumber, header: chunk.authenticatedHeader)
            return (opened ?? Array(message.readableBytesView), info)
        }
    }

    private struct State {
        var connected: [PeerID: Sender] = [:]
        var departed: [PeerID: Sender] = [:]
        var reassembler: ChunkReassembler
        var dropped = 0
    }

    private let state: Mutex<State>
    private let sessionTag: UInt32

    /// Creates an inbox for the datagrams marked with `sessionTag`; partial messages wait `expiry`.
    init(sessionTag: UInt32, expiry: Duration) {
        self.sessionTag = sessionTag
        state = Mutex(State(reassembler: ChunkReassembler(expiry: expiry)))
    }

    /// Unreliable messages dropped: incomplete after the chunk expiry, evicted, malformed, foreign, forged or
    /// replayed.
    var dropped: Int { state.withLock { $0.dropped } }

    /// `peer` is connected; `cipher` opens its messages when the connection is encrypted.
    func connect(_ peer: PeerInfo, cipher: PeerCipher?, route: PeerDirectRoute) {
        state.withLock { $0.connected[peer.id] = Sender(info: peer, cipher: cipher, route: route) }
    }

    /// `peer` left; what it sent before is still taken until `until`.
    func depart(_ peer: PeerID, until: Duration) {
        state.withLock { state in
            guard var sender = state.connected.removeValue(forKey: peer) else { return }
            sender.route = nil
            sender.until = until
            state.departed[peer] = sender
        }
    }

    /// Takes one datagram.
    ///
    /// - Returns: the message it completes and its sender, or `nil` (the message is incomplete, or the datagram was
    ///   dropped and counted).
    func receive(_ bytes: ByteBuffer, now: Duration) -> (bytes: [UInt8], from: PeerInfo)? {
        let chunk: PeerDatagram
        do {
            chunk = try PeerDatagram(decoding: bytes, expectedTag: sessionTag)
        } catch {
            state.withLock { $0.dropped += 1 }
            return nil
        }
        return state.withLock { state in
            let isConnected = state.connected[chunk.sender]?.route?.peer != nil
            let justDeparted = state.departed[chunk.sender]?.until.map { $0 > now } ?? false
            guard isConnected || justDeparted else {
                state.dropped += 1
                return nil
            }
            let before = state.reassembler.droppedMessages
            let whole = state.reassembler.add(chunk, now: now)
            state.dropped += state.reassembler.droppedMessages - before
            guard let message = whole else { return nil }
            do {
                if isConnected { return try state.connected[chunk.sender]?.open(message, chunk) }
                return try state.departed[chunk.sender]?.open(message, chunk)
            } catch {
                state.dropped += 1
                return nil
            }
        }
    }

    /// Drops partial messages past the chunk expiry, and forgets peers that left longer ago than it.
    func expire(now: Duration) {
        state.withLock { state in
            state.dropped += state.reassembler.expire(now: now)
            for (peer, gone) in state.departed where (gone.until ?? now) <= now {
                state.departed[peer] = nil
                if state.connected[peer] == nil { state.reassembler.forget(sender: peer) }
            }
        }
    }
}

/// Hands each datagram to the ``PeerDatagramInbox`` on the event loop, and each message it completes to `deliver`.
/// Outbound, it gives back the send credit (``PeerSendCredit``) of each datagram the event loop takes from the
/// session's writer, and closes the credit when the socket's pipeline is torn down.
final class PeerDatagramHandler: ChannelDuplexHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundOut = AddressedEnvelope<ByteBuffer>

    private let inbox: PeerDatagramInbox
    private let clockStart: ContinuousClock.Instant
    private let credit: PeerSendCredit
    private let deliver: @Sendable ([UInt8], PeerInfo) -> Void

    /// Times are measured from `clockStart`, as the session measures the departed peers' deadlines.
    init(
        inbox: PeerDatagramInbox, clockStart: ContinuousClock.Instant,
        credit: PeerSendCredit = PeerSendCredit(limit: 1 << 20),
        deliver: @escaping @Sendable ([UInt8], PeerInfo) -> Void
    ) {
        self.inbox = inbox
        self.clockStart = clockStart
        self.credit = credit
        self.deliver = deliver
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        credit.release(unwrapOutboundIn(data).data.readableBytes)
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        credit.close()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        let now = ContinuousClock.now - clockStart
        // With receive offload, one read may hold a run of datagrams sent with segmentation offload: cut it back
        // into the datagrams, each `segmentSize` bytes but the last.
        guard let size = envelope.metadata?.segmentSize, size > 0, envelope.data.readableBytes > size else {
            receive(envelope.data, now: now)
            return
        }
        var run = envelope.data
        while run.readableBytes > 0, let datagram = run.readSlice(length: min(size, run.readableBytes)) {
            receive(datagram, now: now)
        }
    }

    private func receive(_ datagram: ByteBuffer, now: Duration) {
        if let message = inbox.receive(datagram, now: now) {
            deliver(message.bytes, message.from)
        }
    }
}
