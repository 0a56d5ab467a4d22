/// Why one source of a façade gave no answer.
public struct FacadeSourceFailure: Error, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Reason: Sendable {
        /// It took longer than its timeout.
        case timedOut(Duration)
        /// It threw.
        case failed(any Error)
    }

    /// The source's name.
    public var source: String
    /// What happened.
    public var reason: Reason

    /// Creates a failure.
    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    /// Whether the source timed out.
    public var isTimeout: Bool {
        if case .timedOut = self.reason { return true }
        return false
    }

    /// "csv timed out after 5 s" or "xml failed: …".
    public var description: String {
        switch self.reason {
        case .timedOut(let timeout):
            return "\(self.source) timed out after \(DurationText.phrase(timeout))"
        case .failed(let error):
            return "\(self.source) failed: \(error)"
        }
    }
}
