import Foundation

/// Something that knows whether the network is there: the system monitor ``Reachability``, or a test
/// double (`ManualReachability` in CourierTesting). Courier's `SessionConfiguration.reachability`
/// takes one.
public protocol ReachabilitySource: Sendable {
    /// The status now (waits for the first complete description of the interfaces).
    func currentStatus() async -> ReachabilityStatus
    /// The current status, then each change, until the stream is dropped.
    func updates() -> AsyncStream<ReachabilityStatus>
}

extension ReachabilitySource {
    /// Waits until the status allows a connection to `host` (see
    /// ``ReachabilityStatus/allowsConnection(to:)``) and returns it.
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    public func waitForConnectivity(to host: String?) async throws -> ReachabilityStatus {
        for await status in updates() where status.allowsConnection(to: host) {
            return status
        }
        throw CancellationError()
    }
}
