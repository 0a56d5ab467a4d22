import Courier
import Foundation
import Synchronization

/// Watches the one task of a run for what the printer needs besides the response: the first request sent
/// and the redirects followed (for `-v`), and the task itself, whose metrics are final once its body has
/// been read.
///
/// An event monitor rather than the task's event stream: the stream buffers every event, body chunks
/// included, until it is read, where a monitor sees each event as it happens and keeps only what it needs.
final class ExchangeRecorder: EventMonitor, Sendable {
    private struct State {
        var task: SessionTask?
        var firstRequest: Request?
        var redirectNotes: [String] = []
    }

    private let state = Mutex(State())

    func taskDidStart(_ task: SessionTask) {
        state.withLock { $0.task = $0.task ?? task }
    }

    func task(_ task: SessionTask, didEmit event: TaskEvent) {
        guard case .willPerformHTTPRedirection(let response, let next) = event else { return }
        state.withLock { state in
            if state.firstRequest == nil { state.firstRequest = response.request }
            state.redirectNotes.append(
                "redirected: \(response.status.code) → \(next.method.rawValue) \(next.url.absoluteString)")
        }
    }

    /// The first request that went out, when a redirect followed it (otherwise the response's own request).
    var firstRequest: Request? { state.withLock { $0.firstRequest } }

    /// One line per redirect followed, in order.
    var redirectNotes: [String] { state.withLock { $0.redirectNotes } }

    /// The task's metrics, after waiting for it to end (call once the body has been read or abandoned).
    func finalMetrics() async -> TaskMetrics? {
        guard let task = state.withLock({ $0.task }) else { return nil }
        _ = try? await task.value
        return task.metrics
    }
}
