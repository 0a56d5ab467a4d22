import Foundation
import Synchronization

/// Whether this machine has a network, kept current from the kernel — the book's `Reachability`
/// wrapper for Linux.
///
/// By default it listens on an rtnetlink socket (``NetlinkRouteSource``) and falls back to polling
/// `getifaddrs` (``InterfacePollingSource``) where netlink cannot be opened. Each interface is classified
/// from `/sys/class/net` (``InterfaceClassifier``). The watch starts on first use and stops when the
/// monitor is released or ``stop()`` is called.
///
/// ```swift
/// let reachability = Reachability()
/// if await reachability.currentStatus() == .unreachable { showOfflineBanner() }
/// for await status in reachability.updates() {
///     print("network is now \(status)")
/// }
/// ```
///
/// Checking the status is cheap (no packet is sent); checking a *host* costs a lookup and perhaps a
/// round trip, so ``host(_:port:probe:timeout:)`` is for occasional use, never before every request.
public final class Reachability: ReachabilitySource {
    private struct State {
        var table = InterfaceTable()
        var synchronized = false
        var status: ReachabilityStatus?
        var interfaces: [NetworkInterface] = []
        var started = false
        var stopped = false
        var usesFallback = false
        var watch: Task<Void, Never>?
        var subscribers: [Int: AsyncStream<ReachabilityStatus>.Continuation] = [:]
        var nextSubscriber = 0
        var waiters: [CheckedContinuation<ReachabilityStatus, Never>] = []
    }

    private let source: any NetworkChangeSource
    private let fallback: (any NetworkChangeSource)?
    private let classifier: InterfaceClassifier
    private let state = Mutex(State())

    /// Creates a monitor (nothing is opened until it is first asked).
    ///
    /// - Parameters:
    ///   - source: Where changes come from (default: the kernel's rtnetlink socket).
    ///   - fallback: Used when `source` fails (default: polling `getifaddrs` every 2 s); `nil` for none.
    ///     When both fail the monitor reports `.reachable(via: .other)` rather than blocking callers on a
    ///     status it cannot know.
    ///   - classifier: Tells interface kinds apart (default: from `/sys/class/net`).
    public init(
        source: any NetworkChangeSource = NetlinkRouteSource(),
        fallback: (any NetworkChangeSource)? = InterfacePollingSource(),
        classifier: InterfaceClassifier = InterfaceClassifier()
    ) {
        self.source = source
        self.fallback = fallback
        self.classifier = classifier
    }

    deinit {
        let (watch, subscribers, waiters) = state.withLock { state in
            (state.watch, Array(state.subscribers.values), state.waiters)
        }
        watch?.cancel()
        for subscriber in subscribers { subscriber.finish() }
        // A status nobody could learn: let waiters go on rather than hang.
        for waiter in waiters { waiter.resume(returning: .reachable(via: .other)) }
    }

    // MARK: Status

    /// The status now; the first call waits until the interfaces have been listed once.
    public func currentStatus() async -> ReachabilityStatus {
        startIfNeeded()
        return await withCheckedContinuation { continuation in
            let known: ReachabilityStatus? = state.withLock { state in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// The current status (once known), then every change, until the stream is dropped.
    public func updates() -> AsyncStream<ReachabilityStatus> {
        startIfNeeded()
        let (stream, continuation) = AsyncStream.makeStream(
            of: ReachabilityStatus.self, bufferingPolicy: .bufferingNewest(64))
        // The current status is yielded under the lock, so no change can overtake it.
        let id: Int? = state.withLock { state in
            if let status = state.status { continuation.yield(status) }
            if state.stopped { return nil }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The interfaces as last described (empty until the first description arrived).
    public var interfaces: [NetworkInterface] {
        startIfNeeded()
        return state.withLock { $0.interfaces }
    }

    /// Whether the monitor had to fall back from its source to the fallback (polling) source.
    public var usesFallback: Bool { state.withLock { $0.usesFallback } }

    /// Stops watching; streams from ``updates()`` end. A stopped monitor keeps its last status.
    public func stop() {
        let (watch, subscribers) = state.withLock { state in
            state.stopped = true
            let subscribers = Array(state.subscribers.values)
            state.subscribers = [:]
            return (state.watch, subscribers)
        }
        watch?.cancel()
        for subscriber in subscribers { subscriber.finish() }
    }

    // MARK: Watching

    private func startIfNeeded() {
        let start: Bool = state.withLock { state in
            if state.started || state.stopped { return false }
            state.started = true
            return true
        }
        guard start else { return }
        let source = self.source
        let fallback = self.fallback
        // Detached and holding the monitor weakly: releasing the monitor ends the watch.
        let watch = Task.detached { [weak self] in
            do {
                for try await event in source.changes() {
                    guard let self else { return }
                    self.handle(event)
                }
                return
            } catch {
                if Task.isCancelled { return }
            }
            guard let fallback else {
                self?.giveUp()
                return
            }
            self?.state.withLock { $0.usesFallback = true }
            do {
                for try await event in fallback.changes() {
                    guard let self else { return }
                    self.handle(event)
                }
            } catch {
                if !Task.isCancelled { self?.giveUp() }
            }
        }
        let stoppedMeanwhile = state.withLock { state in
            state.watch = watch
            return state.stopped
        }
        if stoppedMeanwhile { watch.cancel() }
    }

    /// Applies one event and publishes the status when it changed.
    func handle(_ event: NetworkChangeEvent) {
        let interfaces: [NetworkInterface]? = state.withLock { state in
            switch event {
            case .netlinkMessages(let bytes):
                for message in NetlinkMessage.parse(bytes) { state.table.apply(message) }
            case .snapshot(let list):
                state.table.replace(with: list)
                state.synchronized = true
            case .reset:
                state.table = InterfaceTable()
                state.synchronized = false
            case .synchronized:
                state.synchronized = true
            }
            guard state.synchronized else { return nil }
            state.interfaces = state.table.interfaces
            return state.interfaces
        }
        // Classification reads sysfs: outside the lock. Events come from one task, so in order.
        guard let interfaces else { return }
        publish(classifier.status(of: interfaces))
    }

    private func giveUp() {
        publish(.reachable(via: .other))
    }

    private func publish(_ status: ReachabilityStatus) {
        let (subscribers, waiters):
            ([AsyncStream<ReachabilityStatus>.Continuation], [CheckedContinuation<ReachabilityStatus, Never>]) =
                state.withLock { state in
                    let changed = state.status != status
                    state.status = status
                    let waiters = state.waiters
                    state.waiters = []
                    return (changed ? Array(state.subscribers.values) : [], waiters)
                }
        for subscriber in subscribers { subscriber.yield(status) }
        for waiter in waiters { waiter.resume(returning: status) }
    }
}
