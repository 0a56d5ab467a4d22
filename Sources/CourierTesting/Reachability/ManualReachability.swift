import Courier
import Synchronization

/// A ``ReachabilitySource`` the test sets by hand: take the network away and give it back without root or
/// a real interface.
///
/// ```swift
/// let network = ManualReachability(.unreachable)
/// configuration.waitsForConnectivity = true
/// configuration.reachability = network
/// // … start a task, see it wait …
/// network.set(.reachable(via: .wifi))
/// ```
public final class ManualReachability: ReachabilitySource {
    private struct State {
        var status: ReachabilityStatus
        var subscribers: [Int: AsyncStream<ReachabilityStatus>.Continuation] = [:]
        var nextSubscriber = 0
    }

    private let state: Mutex<State>

    /// Starts with `status` (reachable over Ethernet by default).
    public init(_ status: ReachabilityStatus = .reachable(via: .ethernet)) {
        state = Mutex(State(status: status))
    }

    /// The status now.
    public var status: ReachabilityStatus { state.withLock { $0.status } }

    /// How many ``updates()`` streams are open (lets a test wait until somebody listens).
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Changes the status and tells every listener (only when it differs).
    public func set(_ status: ReachabilityStatus) {
        state.withLock { state in
            guard state.status != status else { return }
            state.status = status
            for subscriber in state.subscribers.values { subscriber.yield(status) }
        }
    }

    /// Returns the status last set with ``set(_:)``.
    public func currentStatus() async -> ReachabilityStatus { status }

    /// Returns a stream that starts with the current status and then yields each change made with ``set(_:)``.
    public func updates() -> AsyncStream<ReachabilityStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: ReachabilityStatus.self)
        let id: Int = state.withLock { state in
            continuation.yield(state.status)
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }
}
