import Foundation

// The one error a task reports, whatever ended it: its cancel reason (a timeout, the caller, the session), a
// CourierError from the chain, or anything else mapped by ErrorMapping.

extension SessionTask {
    /// The error the task reports: timeouts and cancellation by their reason, everything else mapped.
    func finalError(for error: any Error, context: TaskContext) -> CourierError {
        let reason = mutable.withLock { $0.lifecycle.cancelReason }
        let outcome: CourierError.Outcome = context.anyRequestStarted ? .ambiguous : .notSent
        let request = currentRequest
        switch reason {
        case .expired(.idle(let seconds)):
            return CourierError(
                .timedOut, outcome: outcome,
                message:
                    "the request timed out: no data for \(Self.format(seconds)) s from \(request.url.hostDescription)",
                request: request, underlyingError: error)
        case .expired(.resource(let seconds)):
            return CourierError(
                .timedOut, outcome: outcome,
                message: "the task took longer than its resource timeout of \(Self.format(seconds)) s",
                request: request, underlyingError: error)
        case .user:
            return CourierError(
                .cancelled, outcome: outcome, message: "the task was cancelled", request: request,
                underlyingError: error is CancellationError ? nil : error)
        case .invalidated:
            return CourierError(
                .cancelled, outcome: outcome, message: "the task was cancelled because its session was invalidated",
                request: request)
        case nil:
            if var courierError = error as? CourierError {
                if courierError.request == nil { courierError.request = request }
                return courierError
            }
            if error is CancellationError {
                return CourierError(.cancelled, outcome: outcome, message: "the task was cancelled", request: request)
            }
            return ErrorMapping.map(error, request: request, requestWasSent: context.anyRequestStarted)
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3g", seconds)
    }
}
