import Foundation

/// Observes every task of a session (logging, HAR recording, metrics export). Monitors see events;
/// they cannot change decisions.
public protocol EventMonitor: Sendable {
    /// A task started running.
    func taskDidStart(_ task: SessionTask)
    /// A task emitted an event.
    func task(_ task: SessionTask, didEmit event: TaskEvent)
}

extension EventMonitor {
    /// Does nothing: a monitor that only needs events can ignore task starts.
    public func taskDidStart(_ task: SessionTask) {}
}
