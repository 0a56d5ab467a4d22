/// What ``FacadeAggregator/gather(_:)`` got: an answer or an error for every part.
public struct FacadeGathering<Value: Sendable>: Sendable {
    /// The parts that got an answer.
    public var answers: [String: FacadeAnswer<Value>]
    /// The parts that did not, and why (a ``FacadeUnavailableError``, or the error that stopped failover).
    public var failures: [String: any Error]

    /// Creates a gathering.
    public init(answers: [String: FacadeAnswer<Value>] = [:], failures: [String: any Error] = [:]) {
        self.answers = answers
        self.failures = failures
    }

    /// The value of `part`, or `nil` when it failed.
    public subscript(part: String) -> Value? { self.answers[part]?.value }
}
