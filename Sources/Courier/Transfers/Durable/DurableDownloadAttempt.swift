import Foundation
import Synchronization

extension SessionTask {
    /// One attempt of a durable download. An idle timeout fails only this attempt (`timedOut`, keeping the
    /// partial file) instead of cancelling the task, so that the download can continue.
    func durableDownloadAttempt(context: TaskContext) async throws -> Response {
        let timer = context.timer
        // The idle clock runs again, from now, for this attempt (it stops between attempts).
        timer.setPaused(state == .suspended)
        let idleExpiry = Mutex<Double?>(nil)
        let running = Mutex<Task<Response, any Error>?>(nil)
        let onIdle: @Sendable (Double) -> Void = { seconds in
            idleExpiry.withLock { $0 = seconds }
            // Nothing is in flight from here until the next attempt starts, so the idle clock stops: on a
            // busy machine, unwinding this attempt and deciding to retry may take longer than the idle
            // timeout, and an expiry without this handler would cancel the whole task.
            timer.setPaused(true)
            running.withLock { $0 }?.cancel()
        }
        let attempt = Task { [self] in
            // The transport sets its own handler around a retriable exchange and puts this one back after it.
            try await self.attempt(context: context, afterHead: { timer.setIdleHandler(onIdle) })
        }
        running.withLock { $0 = attempt }
        timer.setIdleHandler(onIdle)
        defer { timer.setIdleHandler(nil) }
        do {
            return try await withTaskCancellationHandler {
                try await attempt.value
            } onCancel: {
                attempt.cancel()
            }
        } catch {
            guard !Task.isCancelled, let seconds = idleExpiry.withLock({ $0 }) else { throw error }
            throw CourierError(
                .timedOut, outcome: .ambiguous,
                message:
                    "the download stalled: no data for \(Self.format(seconds)) s from \(currentRequest.url.hostDescription)",
                request: currentRequest, underlyingError: error is CancellationError ? nil : error)
        }
    }
}
