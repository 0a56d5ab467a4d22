import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM (or a timeout), so long-running `discover` commands can clean up — send goodbyes —
/// and exit 0 as avahi-browse does.
enum TerminationSignal {
    /// Returns when a signal arrives, `timeout` (if any) passes or the task is cancelled.
    static func wait(timeout: Duration?) async {
        let waiter = SignalWaiter(signals: [SIGINT, SIGTERM])
        defer { waiter.cancel() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await waiter.wait() }
            if let timeout { group.addTask { try? await Task.sleep(for: timeout) } }
            await group.next()
            group.cancelAll()
        }
    }
}
