/// No source of a façade part answered: each timed out or failed in a way worth failing over from.
public struct FacadeUnavailableError: Error, Sendable, CustomStringConvertible {
    /// The part, when the failure came from ``FacadeAggregator/gather(_:)``.
    public var part: String?
    /// Every source tried, in order, and why it failed.
    public var failures: [FacadeSourceFailure]

    /// Creates an error.
    public init(part: String? = nil, failures: [FacadeSourceFailure]) {
        self.part = part
        self.failures = failures
    }

    /// "no source answered for weather: a timed out after 2 seconds; b failed: …".
    public var description: String {
        let subject = self.part.map { " for \($0)" } ?? ""
        if self.failures.isEmpty { return "no source answered\(subject): none was configured" }
        return "no source answered\(subject): " + self.failures.map(\.description).joined(separator: "; ")
    }
}
