// Reachability lives in its own module; a session takes a `ReachabilitySource` and users write
// `Reachability()` after `import Courier`, so Courier re-exports it.
@_exported import CourierReachability

extension CourierError.Code {
    /// The code of the same name as a failed reachability probe: `cannotConnectToHost`, `timedOut` or
    /// `notConnectedToInternet`.
    ///
    /// ```swift
    /// let result = await Reachability.host("db.internal", port: 5432, probe: true)
    /// if case .probeFailed(let failure) = result.verdict, CourierError.Code(failure) == .timedOut { … }
    /// ```
    public init(_ failure: HostReachability.ProbeFailure) {
        self.init(failure.rawValue)
    }
}
