import NIOCore
import Synchronization

/// Closes a channel when one awaited step (a reply, a chunk of data) takes longer than the timeout, and
/// remembers that it did, so the error can say "timed out" rather than "connection closed".
final class FTPWatchdog: Sendable {
    private let fired = Atomic<Bool>(false)
    let channel: any Channel
    let timeout: TimeAmount

    init(channel: any Channel, timeout: TimeAmount) {
        self.channel = channel
        self.timeout = timeout
    }

    /// Whether a step ran out of time.
    var hasFired: Bool { fired.load(ordering: .acquiring) }

    /// Runs `step`, closing the channel if it has not finished within the timeout.
    func guarding<Result>(_ step: () async throws -> Result) async throws -> Result {
        let channel = channel
        let scheduled = channel.eventLoop.scheduleTask(in: timeout) { [self] in
            self.fired.store(true, ordering: .releasing)
            channel.close(promise: nil)
        }
        defer { scheduled.cancel() }
        return try await step()
    }
}
