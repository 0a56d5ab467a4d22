/// One upstream a façade can ask: a name for reports, how long it may take, and the call itself.
///
/// ```swift
/// let csv = FacadeSource(name: "csv", timeout: .seconds(5)) { try await csvQuote(ticker) }
/// ```
public struct FacadeSource<Value: Sendable>: Sendable {
    /// The source's name, as answers and failures report it.
    public var name: String
    /// How long the call may take before the façade gives up on it.
    public var timeout: Duration
    /// The call. It should stop when its task is cancelled; if it does not, the façade answers at the
    /// timeout anyway and lets it finish in the background.
    public var fetch: @Sendable () async throws -> Value

    /// Creates a source.
    public init(name: String, timeout: Duration, fetch: @escaping @Sendable () async throws -> Value) {
        self.name = name
        self.timeout = timeout
        self.fetch = fetch
    }
}
