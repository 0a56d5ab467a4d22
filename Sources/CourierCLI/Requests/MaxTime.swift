import Courier
import Foundation

/// `--max-time SECONDS`: the session's resource timeout, which bounds the whole exchange (curl's `-m`), where
/// `--timeout` bounds idle time only.
enum MaxTime {
    /// The error with a message that names `--max-time` when the resource timeout is what ended the exchange.
    static func explain(_ error: CourierError, maxTime: Double?) -> CourierError {
        guard let maxTime, error.code == .timedOut, error.message.contains("resource timeout") else { return error }
        var explained = error
        let seconds = maxTime == maxTime.rounded() ? String(Int(maxTime)) : String(maxTime)
        explained.message = "timed out after \(seconds) s (--max-time)"
        return explained
    }
}
