/// A task's life as a value: where it is (``SessionTask/State``), whether it has started, whether its body is
/// held back by ``SessionTask/suspend()``, and why it was cancelled.
///
/// Each event is a mutating method that moves the machine and returns what the task must do about it outside
/// its lock (start running, release paused readers, complete at once, cancel the running attempt). The machine
/// holds no continuations, tasks or timers, so every transition can be tested on its own
/// (`TaskStateMachineTests`); ``SessionTask`` keeps those resources beside it, under the same lock.
///
/// ```
/// suspended(not started) --resume--> running --suspend--> suspended(paused) --resume--> running
///        |                              |                       |
///        +--cancel--> (completes now)   +-----cancel-----> canceling <------cancel-------+
/// running / canceling --complete--> completed        (cancel and resume of a completed task do nothing)
/// ```
struct TaskStateMachine: Sendable {
    /// Where the task is.
    private(set) var state: SessionTask.State = .suspended
    /// Whether the task ever left its first `suspended` state (started, or cancelled before it started).
    private(set) var started = false
    /// Whether body delivery is held back (suspended after it started).
    private(set) var paused = false
    /// Why the task was cancelled; set once.
    private(set) var cancelReason: SessionTask.CancelReason?

    /// What ``resume()`` asks of the task.
    enum ResumeAction: Equatable {
        /// Start the first attempt.
        case start
        /// Release the readers waiting while paused, and restart the idle clock.
        case unpause
        /// Nothing: running, cancelling or completed.
        case nothing
    }

    mutating func resume() -> ResumeAction {
        guard state == .suspended else { return .nothing }
        state = .running
        if !started {
            started = true
            return .start
        }
        paused = false
        return .unpause
    }

    /// Pauses a running task; `true` when it did (the task then stops its idle clock).
    mutating func suspend() -> Bool {
        guard state == .running else { return false }
        state = .suspended
        paused = true
        return true
    }

    /// What ``cancel(_:)`` asks of the task.
    enum CancelAction: Equatable {
        /// The task never started: complete it now with `cancelled`, nothing was sent.
        case completeNow
        /// Cancel the running attempt and release the readers waiting while paused; the attempt completes the
        /// task with an error that says why (``cancelReason``).
        case cancelRunning
        /// Already cancelling or completed.
        case nothing
    }

    mutating func cancel(_ reason: SessionTask.CancelReason) -> CancelAction {
        switch state {
        case .completed, .canceling:
            return .nothing
        case .suspended where !started:
            started = true
            cancelReason = reason
            return .completeNow
        case .suspended, .running:
            state = .canceling
            cancelReason = reason
            paused = false
            return .cancelRunning
        }
    }

    /// The task finished (with a response or an error); nothing moves it after this.
    mutating func complete() {
        state = .completed
        paused = false
    }

    /// Whether the task was cancelled (by the caller, a timeout or the session).
    var isCancelled: Bool { cancelReason != nil }
}
