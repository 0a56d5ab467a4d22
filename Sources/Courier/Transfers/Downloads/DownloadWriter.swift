import Dispatch
import NIOCore
import Synchronization

/// Writes a download's chunks to its partial file on a serial queue of its own, so that the event loop
/// can go straight back to reading the socket while the previous chunks are written.
///
/// Reading and writing then overlap, and the socket is drained steadily; this matters on loopback and fast
/// links, where a receiver that stops reading while it writes makes the sender's side do the receive
/// processing too. At most `limit` bytes wait to be written: ``submit(_:)`` waits beyond that, which
/// holds back reading (and the server, by TCP flow control) while the disk is slower than the network.
/// Chunks are written in order; after a failed write nothing more is written and the failure is reported
/// by the next ``submit(_:)`` or by ``finish()``.
final class DownloadWriter: Sendable {
    private struct State {
        var queued: [ByteBuffer] = []
        var pending = 0
        var draining = false
        var failure: (any Error)?
        var spaceWaiter: CheckedContinuation<Void, Never>?
        var drainWaiter: CheckedContinuation<Void, Never>?
    }

    private let file: PartialDownloadFile
    private let limit: Int
    private let queue = DispatchQueue(label: "courier.download-writer")
    private let state = Mutex(State())
    private let written: @Sendable (Int64) -> Void

    /// - Parameter written: called on the writer's queue after each chunk is on disk, with its size.
    init(file: PartialDownloadFile, limit: Int = 8 << 20, written: @escaping @Sendable (Int64) -> Void) {
        self.file = file
        self.limit = limit
        self.written = written
    }

    /// Queues a chunk for writing; waits while more than the limit is queued.
    /// - Throws: the failure of an earlier write.
    func submit(_ chunk: ByteBuffer) async throws {
        let (failure, startDraining): ((any Error)?, Bool) = state.withLock { state in
            if let failure = state.failure { return (failure, false) }
            state.queued.append(chunk)
            state.pending += chunk.readableBytes
            // One drain at a time works through everything queued meanwhile: no hop per chunk.
            defer { state.draining = true }
            return (nil, !state.draining)
        }
        if let failure { throw failure }
        if startDraining { queue.async { [self] in drain() } }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wait = state.withLock { state in
                guard state.pending > limit, state.failure == nil else { return false }
                state.spaceWaiter = continuation
                return true
            }
            if !wait { continuation.resume() }
        }
    }

    /// Waits until every queued chunk is written.
    /// - Throws: the failure of any write.
    func finish() async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wait = state.withLock { state in
                guard state.pending > 0, state.failure == nil else { return false }
                state.drainWaiter = continuation
                return true
            }
            if !wait { continuation.resume() }
        }
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    /// Writes what is queued, in order, until nothing is left.
    private func drain() {
        while true {
            let batch: [ByteBuffer] = state.withLock { state in
                let batch = state.queued
                state.queued = []
                if batch.isEmpty { state.draining = false }
                return batch
            }
            if batch.isEmpty { return }
            for chunk in batch { write(chunk) }
        }
    }

    private func write(_ chunk: ByteBuffer) {
        let count = chunk.readableBytes
        var failed: (any Error)?
        if state.withLock({ $0.failure == nil }) {
            do {
                try file.append(chunk)
            } catch {
                failed = error
            }
        }
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.pending -= count
            if let failed, state.failure == nil { state.failure = failed }
            var waiters: [CheckedContinuation<Void, Never>] = []
            if let waiter = state.spaceWaiter, state.pending <= limit / 2 || state.failure != nil {
                waiters.append(waiter)
                state.spaceWaiter = nil
            }
            if let waiter = state.drainWaiter, state.pending == 0 || state.failure != nil {
                waiters.append(waiter)
                state.drainWaiter = nil
            }
            return waiters
        }
        if failed == nil { written(Int64(count)) }
        for waiter in waiters { waiter.resume() }
    }
}
