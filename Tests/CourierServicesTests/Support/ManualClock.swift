import Synchronization

/// A clock that moves only when a test calls ``advance(by:)``: sleepers whose deadline has come are woken
/// then, so interval and timeout tests never wait in real time.
final class ManualClock: Clock, Sendable {
    typealias Duration = Swift.Duration

    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: self.offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - self.offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var nextIdentifier = 0
    }

    private let state = Mutex(State())

    var now: Instant { self.state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock.
    var sleeperCount: Int { self.state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let identifier = self.state.withLock { state in
            state.nextIdentifier += 1
            return state.nextIdentifier
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = self.state.withLock { state -> Bool? in
                    if state.cancelled.remove(identifier) != nil { return false }
                    if deadline <= state.now { return true }
                    state.sleepers[identifier] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let sleeper = self.state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: identifier) { return sleeper }
                state.cancelled.insert(identifier)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let woken = self.state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for key in due.keys { state.sleepers[key] = nil }
            return Array(due.values)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}

/// Suspends until the calling task is cancelled — an upstream that never answers, without sleeping.
func waitUntilCancelled() async throws {
    let gate = CancellationGate()
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            gate.park(continuation)
        }
    } onCancel: {
        gate.cancel()
    }
}

/// The meeting point of ``waitUntilCancelled()``'s waiter and its cancellation, whichever comes first.
private final class CancellationGate: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Void, any Error>?, cancelled: Bool)>((nil, false))

    func park(_ continuation: CheckedContinuation<Void, any Error>) {
        let cancelled = self.state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.continuation = continuation
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    func cancel() {
        let continuation = self.state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.cancelled = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: CancellationError())
    }
}
