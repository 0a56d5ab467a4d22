import Logging
import NIOCore

/// Sends the datagrams written between two flushes with UDP generic segmentation offload (GSO, Linux 4.18+): a run
/// of datagrams to one address, all of one size but the last, which may be shorter, goes to the kernel as one buffer
/// with that segment size, and the kernel cuts it into the same datagrams. The wire does not change: the peer
/// receives the datagrams it would have received one by one, but the sender pays for one trip through the network
/// stack per run instead of one per datagram. The chunks of a large message form such a run, and so do equal-sized
/// messages sent in a burst.
///
/// A send the kernel refuses (a device without checksum offload answers `EIO`) turns coalescing off for the socket;
/// that run's datagrams are lost, as unreliable datagrams may be.
final class PeerDatagramCoalescer: ChannelOutboundHandler, EndOfTurnFlushing {
    typealias OutboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundOut = AddressedEnvelope<ByteBuffer>

    /// The most datagrams one send carries (the kernel's `UDP_MAX_SEGMENTS` is 64 on older kernels).
    static let maximumSegments = 64
    /// The most payload bytes one send carries (a GSO buffer is one IP packet before it is cut).
    static let maximumBytes = 63 * 1024

    private var pending: [(envelope: AddressedEnvelope<ByteBuffer>, promise: EventLoopPromise<Void>?)] = []
    private var enabled = true
    /// Whether a put-off flush waits for the end of the loop's turn (``EndOfTurnFlushing``).
    var flushScheduled = false
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard enabled else {
            context.write(data, promise: promise)
            return
        }
        pending.append((unwrapOutboundIn(data), promise))
    }

    /// Flushes at the end of the event loop's current turn, so that the datagrams of sends already queued on the
    /// loop (each written and flushed on its own) join the runs.
    func flush(context: ChannelHandlerContext) {
        guard !pending.isEmpty else {
            context.flush()
            return
        }
        flushAtEndOfTurn(context: context)
    }

    /// Writes the datagrams that waited for the put-off flush, in runs.
    func writeHeldBack(context: ChannelHandlerContext) {
        writePending(context: context)
    }

    /// A flush that was put off happens before the close; datagrams written and never flushed go with the close,
    /// as on any channel.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if flushScheduled {
            flushScheduled = false
            writePending(context: context)
            context.flush()
        }
        failPending()
        context.close(mode: mode, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        failPending()
    }

    private func failPending() {
        let promises = pending.compactMap(\.promise)
        pending = []
        for promise in promises { promise.fail(ChannelError.ioOnClosedChannel) }
    }

    /// Writes the pending datagrams, each run as one segmented send.
    private func writePending(context: ChannelHandlerContext) {
        guard !pending.isEmpty else { return }
        let writes = pending
        pending = []
        var start = 0
        while start < writes.count {
            let end = Self.endOfRun(in: writes.lazy.map(\.envelope), from: start)
            if end - start == 1 {
                context.write(wrapOutboundOut(writes[start].envelope), promise: writes[start].promise)
            } else {
                writeRun(writes[start..<end], context: context)
            }
            start = end
        }
    }

    /// The end (exclusive) of the run starting at `start`: datagrams to the same address, each the size of the
    /// first, except that a shorter one may end the run.
    static func endOfRun(in envelopes: some RandomAccessCollection<AddressedEnvelope<ByteBuffer>>, from start: Int)
        -> Int
    {
        let startIndex = envelopes.index(envelopes.startIndex, offsetBy: start)
        let first = envelopes[startIndex]
        let size = first.data.readableBytes
        guard size > 0, first.metadata == nil else { return start + 1 }
        var end = start + 1
        var total = size
        var index = envelopes.index(after: startIndex)
        while index != envelopes.endIndex, end - start < maximumSegments {
            let next = envelopes[index]
            let nextSize = next.data.readableBytes
            guard next.remoteAddress == first.remoteAddress, next.metadata == nil, nextSize > 0, nextSize <= size,
                total + nextSize <= maximumBytes
            else { break }
            end += 1
            total += nextSize
            // A shorter datagram can only be the last segment.
            if nextSize < size { break }
            index = envelopes.index(after: index)
        }
        return end
    }

    private func writeRun(
        _ run: ArraySlice<(envelope: AddressedEnvelope<ByteBuffer>, promise: EventLoopPromise<Void>?)>,
        context: ChannelHandlerContext
    ) {
        let first = run[run.startIndex].envelope
        var payload = context.channel.allocator.buffer(capacity: run.reduce(0) { $0 + $1.envelope.data.readableBytes })
        for write in run { payload.writeImmutableBuffer(write.envelope.data) }
        let envelope = AddressedEnvelope(
            remoteAddress: first.remoteAddress, data: payload,
            metadata: .init(ecnState: .transportNotCapable, packetInfo: nil, segmentSize: first.data.readableBytes))
        let promises = run.compactMap(\.promise)
        let written = context.eventLoop.makePromise(of: Void.self)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let logger = logger
        written.futureResult.whenComplete { result in
            if case .failure(let error) = result, bound.value.enabled {
                bound.value.enabled = false
                logger.notice(
                    "segmented UDP sends failed; sending datagrams one by one", metadata: ["error": "\(error)"])
            }
            for promise in promises { promise.completeWith(result) }
        }
        context.write(wrapOutboundOut(envelope), promise: written)
    }
}
