import NIOCore
import Synchronization

/// Bounds the bytes of reliable messages handed to a connection's writer and not yet taken by its event loop
/// (``PeerSessionConfiguration/sendBufferLimit``). The writer itself accepts every message while the channel
/// looked writable when the message was handed over, and a sender that does not copy can hand over thousands
/// before the event loop has written the first few: without this bound one busy connection took hundreds of MiB.
///
/// A send waits, in the order sends came, until its message fits; one fits whenever nothing is outstanding, so a
/// message larger than the limit still goes alone. ``PeerDirectDeliveryHandler`` gives the credit back as the event
/// loop takes each message, and closes it with the connection.
final class PeerSendCredit: Sendable {
    private struct Waiter {
        var id: UInt64
        var bytes: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var outstanding = 0
        var closed = false
        var waiters: [Waiter] = []
        /// Waits given an ID and not yet waiting or resolved.
        var starting: Set<UInt64> = []
        /// Of those, the ones cancelled before they began to wait.
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0

        func fits(_ bytes: Int, limit: Int) -> Bool {
            waiters.isEmpty && (outstanding == 0 || outstanding + bytes <= limit)
        }

        /// Lets waiting sends go, in order, while they fit.
        mutating func admitWaiting(limit: Int) -> [CheckedContinuation<Bool, Never>] {
            var admitted: [CheckedContinuation<Bool, Never>] = []
            while let first = waiters.first, outstanding == 0 || outstanding + first.bytes <= limit {
                waiters.removeFirst()
                outstanding += first.bytes
                admitted.append(first.continuation)
            }
            return admitted
        }
    }

    private let state = Mutex(State())
    /// The most bytes outstanding at once.
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The bytes handed over and not yet taken.
    var outstanding: Int { state.withLock { $0.outstanding } }

    /// How many sends wait for room.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Waits until `bytes` more fit and counts them.
    ///
    /// - Returns: `false`, counting nothing, when the connection closed or the task was cancelled meanwhile.
    func acquire(_ bytes: Int) async -> Bool {
        let (immediate, id): (Bool?, UInt64) = state.withLock { state in
            if state.closed { return (false, 0) }
            if state.fits(bytes, limit: limit) {
                state.outstanding += bytes
                return (true, 0)
            }
            state.nextID += 1
            state.starting.insert(state.nextID)
            return (nil, state.nextID)
        }
        if let immediate { return immediate }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool? = state.withLock { state in
                    state.starting.remove(id)
                    if state.closed || state.cancelled.remove(id) != nil { return false }
                    if state.fits(bytes, limit: limit) {
                        state.outstanding += bytes
                        return true
                    }
                    state.waiters.append(Waiter(id: id, bytes: bytes, continuation: continuation))
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Bool, Never>? = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    // Not waiting yet: the wait sees this and gives up at once (already resolved: nothing to do).
                    if state.starting.contains(id) { state.cancelled.insert(id) }
                    return nil
                }
                return state.waiters.remove(at: index).continuation
            }
            waiting?.resume(returning: false)
            // A send behind the cancelled one may fit now.
            self.admit()
        }
    }

    /// The event loop took `bytes`: sends waiting for room go, in order, while they fit.
    func release(_ bytes: Int) {
        let admitted = state.withLock { state in
            state.outstanding = max(0, state.outstanding - bytes)
            return state.admitWaiting(limit: limit)
        }
        for continuation in admitted { continuation.resume(returning: true) }
    }

    private func admit() {
        let admitted = state.withLock { $0.admitWaiting(limit: limit) }
        for continuation in admitted { continuation.resume(returning: true) }
    }

    /// The connection closed: every waiting send, and every later one, gets `false`.
    func close() {
        let waiting = state.withLock { state in
            state.closed = true
            let waiting = state.waiters.map(\.continuation)
            state.waiters = []
            return waiting
        }
        for continuation in waiting { continuation.resume(returning: false) }
    }
}
