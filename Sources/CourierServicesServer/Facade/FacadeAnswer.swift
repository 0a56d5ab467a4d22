/// What a façade got for one part: the value, the source that gave it, and the sources that failed first.
public struct FacadeAnswer<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The name of the source that answered.
    public var source: String
    /// The sources tried before it, and why each failed.
    public var failures: [FacadeSourceFailure]

    /// Creates an answer.
    public init(value: Value, source: String, failures: [FacadeSourceFailure] = []) {
        self.value = value
        self.source = source
        self.failures = failures
    }
}
