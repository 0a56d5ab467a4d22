import NIOCore
import Synchronization

/// The sending end of a byte stream to one peer, on a connection of its own (MultipeerConnectivity's output
/// stream from `startStream(withName:toPeer:)`), sealed like the session's messages.
///
/// ```swift
/// let stream = try await session.openStream(name: "log", to: peer)
/// try await stream.write(Array("line 1\n".utf8))
/// try await stream.finish()   // returns once the peer has read everything
/// ```
public final class PeerOutputStream: Sendable {
    /// The largest chunk one frame carries; longer writes are cut into chunks of this size.
    public static let chunkSize = 64 * 1024

    /// The stream's name.
    public let name: String
    /// The peer it goes to.
    public let peer: PeerInfo

    private let channel: any Channel
    private let writer: NIOAsyncChannelOutboundWriter<PeerFrame>
    private let answer: PeerStreamAnswer
    private let acknowledgementTimeout: Duration?
    private let done = Atomic<Bool>(false)

    init(
        name: String, peer: PeerInfo, channel: any Channel, writer: NIOAsyncChannelOutboundWriter<PeerFrame>,
        answer: PeerStreamAnswer, acknowledgementTimeout: Duration?
    ) {
        self.name = name
        self.peer = peer
        self.channel = channel
        self.writer = writer
        self.answer = answer
        self.acknowledgementTimeout = acknowledgementTimeout
    }

    /// Sends bytes; suspends while the peer has more than the session's send buffer limit unread.
    ///
    /// - Throws: ``PeersError`` `connectionClosed` when the stream's connection is gone or the peer refused the
    ///   stream, `invalidArgument` after ``finish()`` or ``cancel()``.
    public func write(_ bytes: some Collection<UInt8>) async throws(PeersError) {
        guard done.load(ordering: .acquiring) == false else {
            throw PeersError(.invalidArgument, "stream \"\(name)\" is already finished or cancelled")
        }
        var buffer = ByteBuffer()
        buffer.writeBytes(bytes)
        while buffer.readableBytes > 0 {
            let chunk = buffer.readSlice(length: min(Self.chunkSize, buffer.readableBytes)) ?? ByteBuffer()
            do {
                try await writer.write(PeerFrame(kind: .data, body: chunk))
            } catch {
                throw await closedError()
            }
        }
    }

    /// Ends the stream and waits until the peer has received everything and closed the connection.
    ///
    /// - Throws: ``PeersError`` `connectionClosed` when the connection ended without the peer's acknowledgement,
    ///   or the peer's refusal (for a resource: `invalidArgument` when it was too large, `transport` when the
    ///   peer could not store it).
    public func finish() async throws(PeersError) {
        guard done.exchange(true, ordering: .acquiringAndReleasing) == false else { return }
        do {
            try await writer.write(PeerFrame(kind: .goodbye))
        } catch {
            throw await closedError()
        }
        // The peer acknowledges the goodbye with `accept` and closes. The session's read loop settles the answer
        // (accept, refusal, or the connection's end); a peer that never answers is closed on after the session's
        // send timeout, which settles it too.
        if let acknowledgementTimeout {
            let channel = channel
            let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(acknowledgementTimeout)) {
                channel.close(promise: nil)
            }
            await answer.settled()
            deadline.cancel()
        } else {
            await answer.settled()
        }
        if let refusal = answer.refusal { throw refusal }
        guard answer.accepted else {
            throw PeersError(
                .connectionClosed, "stream \"\(name)\" to \(peer.displayName) closed before the peer acknowledged it")
        }
    }

    /// The error for a write that failed: the connection is closing, so wait for the read loop to settle what the
    /// peer said (its refusal says more than "closed").
    private func closedError() async -> PeersError {
        channel.close(promise: nil)
        await answer.settled()
        return answer.refusal ?? PeersError(.connectionClosed, "stream \"\(name)\" to \(peer.displayName) closed")
    }

    /// Abandons the stream: the peer's reader sees `cancelled`, and a resource's partial file is removed.
    public func cancel() async {
        guard done.exchange(true, ordering: .acquiringAndReleasing) == false else { return }
        var body = ByteBuffer()
        body.writeInteger(PeerCloseReason.cancelled.rawValue)
        try? await writer.write(PeerFrame(kind: .cancel, body: body))
        try? await channel.close()
    }
}

/// What the receiving side answered on a stream's connection, written by the session's read loop and read by the
/// ``PeerOutputStream``. It settles once: on the peer's `accept` or refusal, or when the connection ends.
final class PeerStreamAnswer: Sendable {
    private struct State {
        var accepted = false
        var refusal: PeersError?
        var settled = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var accepted: Bool { state.withLock { $0.accepted } }
    var refusal: PeersError? { state.withLock { $0.refusal } }

    /// The peer acknowledged everything.
    func accept() {
        settle { $0.accepted = true }
    }

    /// The peer refused the resource or stream.
    func refuse(_ error: PeersError) {
        settle { $0.refusal = error }
    }

    /// The connection ended; what was not answered by now never will be.
    func connectionEnded() {
        settle { _ in }
    }

    private func settle(_ change: (inout State) -> Void) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            guard state.settled == false else { return [] }
            change(&state)
            state.settled = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once settled.
    func settled() async {
        await withCheckedContinuation { continuation in
            let now: Bool = state.withLock { state in
                if state.settled { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
