import Synchronization

/// Counts the engine events that the sockets' handlers have handed to `Discovery` and its dispatch loop has not
/// taken yet, so that the queue between them stays bounded without losing an event: at the high watermark the
/// sockets stop reading (``ReadGate``), and they read again once the loop is down to the low watermark. Datagrams
/// that arrive meanwhile wait in the kernel's socket buffer, and beyond it are dropped as any UDP overload is;
/// mDNS recovers from that by its retransmissions.
///
/// Timer work (cache expiry, probing, announcing) goes on while reading is paused; its events are bounded by the
/// caches and registrations.
final class EngineEventBacklog: Sendable {
    static let defaultHighWatermark = 1024
    static let defaultLowWatermark = 256

    let highWatermark: Int
    let lowWatermark: Int
    private let state = Mutex((queued: 0, isPaused: false))

    init(highWatermark: Int = defaultHighWatermark, lowWatermark: Int = defaultLowWatermark) {
        self.highWatermark = max(1, highWatermark)
        self.lowWatermark = min(max(0, lowWatermark), self.highWatermark - 1)
    }

    /// Whether the sockets should hold their reads.
    var isPaused: Bool { state.withLock { $0.isPaused } }

    /// Events handed over and not yet taken.
    var queued: Int { state.withLock { $0.queued } }

    /// An event was handed over.
    func added() {
        state.withLock { state in
            state.queued += 1
            if state.queued >= highWatermark { state.isPaused = true }
        }
    }

    /// An event was taken. Returns `true` when that ended a pause, so the caller lets the sockets read again.
    func taken() -> Bool {
        state.withLock { state in
            state.queued = max(0, state.queued - 1)
            guard state.isPaused, state.queued <= lowWatermark else { return false }
            state.isPaused = false
            return true
        }
    }
}
