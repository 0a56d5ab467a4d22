/// One part of a merged façade answer (the weather, the quote) with its sources in failover order.
public struct FacadePart<Value: Sendable>: Sendable {
    /// The part's name, the key of its answer.
    public var name: String
    /// The sources, tried one after the other until one answers.
    public var sources: [FacadeSource<Value>]

    /// Creates a part.
    public init(name: String, sources: [FacadeSource<Value>]) {
        self.name = name
        self.sources = sources
    }
}
