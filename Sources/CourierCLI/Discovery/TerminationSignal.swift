import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM (or a timeout), so long-running `discover` commands can clean up — send goodbyes —
/// and exit 0 as avahi-browse does.
enum TerminationSignal {
    /// Returns when a signal arrives, `timeout` (if any) passes or the task is cancelled.
    static func wait(timeout: Duration?) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            sources.append(source)
        }
        let timer = timeout.map { duration in
            Task {
                try? await Task.sleep(for: duration)
                continuation.yield()
            }
        }
        await withTaskCancellationHandler {
            for await _ in stream { break }
        } onCancel: {
            continuation.finish()
        }
        timer?.cancel()
        for source in sources { source.cancel() }
    }
}
