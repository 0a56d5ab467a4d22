import Dispatch
import Foundation
import Synchronization

/// Sends a request again when the session's ``RetryPolicy`` says it is safe and worth it, and makes a
/// task wait for the network when ``SessionConfiguration/waitsForConnectivity`` is on. It sits right
/// after your interceptors, so a retry goes through redirects, authentication, cookies and the cache
/// again.
///
/// - Each attempt that the policy may retry runs with its own idle timeout: when no byte moves for
///   the request timeout during a network exchange, only that exchange fails (`timedOut`, raised by the
///   transport) and the policy decides; the resource timeout still ends the whole task.
/// - While it waits (backoff, or for the network) the task's idle clock is paused; the resource
///   deadline is not, and no wait is started that would outlast it.
/// - A retried response's body is read and dropped; the request body is produced again from the start
///   (every ``RequestBody`` is restartable).
/// - `notConnectedToInternet` is retried only once reachability reports the network back; with
///   `waitsForConnectivity` the task waits for that, emitting ``TaskEvent/taskIsWaitingForConnectivity``
///   once, and the wait does not use up a retry.
struct RetryInterceptor: Interceptor {
    let policy: RetryPolicy
    let waitsForConnectivityOption: Bool
    let reachability: ReachabilityProvider

    init(configuration: SessionConfiguration) {
        self.policy = configuration.retryPolicy
        self.waitsForConnectivityOption = configuration.waitsForConnectivity
        self.reachability = ReachabilityProvider(configuration.reachability)
    }

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let retriable = policy.maximumRetries > 0 && policy.isSafeToRetry(request)
        // `file:` and `data:` loads need no network.
        let waitsForConnectivity = waitsForConnectivityOption && request.isHTTP
        guard retriable || waitsForConnectivity else { return try await chain.proceed(request) }

        let context = chain.context
        let started = policy.clock.now
        var announcedWaiting = false
        var retries = 0
        if waitsForConnectivity, await !isConnected(for: request) {
            try await waitForConnectivity(for: request, context: context, announced: &announcedWaiting)
        }

        while true {
            let response: Response
            do {
                response = try await attempt(
                    request, chain: chain, failsAloneOnIdle: retriable && retries < policy.maximumRetries)
            } catch {
                if error is CancellationError || Task.isCancelled { throw error }
                let failure = ErrorMapping.map(error, request: request, requestWasSent: context.anyRequestStarted)
                if failure.code == .cancelled { throw error }
                if failure.code == .notConnectedToInternet, waitsForConnectivity, failure.outcome != .ambiguous,
                    await !isConnected(for: request)
                {
                    // Nothing was sent: wait for the network and send it then (URLSession's behaviour).
                    try await waitForConnectivity(for: request, context: context, announced: &announcedWaiting)
                    context.recordRetry()
                    continue
                }
                guard retriable, retries < policy.maximumRetries, policy.shouldRetry(request, after: failure) else {
                    throw error
                }
                if failure.code == .notConnectedToInternet, await !isConnected(for: request) { throw error }
                let delay = policy.backoffDelay(forRetry: retries + 1)
                guard fitsBeforeDeadline(delay, context: context, started: started) else { throw error }
                retries += 1
                try await pause(
                    RetryAttempt(
                        retry: retries, maximumRetries: policy.maximumRetries, request: request,
                        reason: .error(failure), delay: delay), context: context)
                continue
            }

            let status = response.status.code
            guard retriable, retries < policy.maximumRetries, policy.retryableStatusCodes.contains(status) else {
                return response
            }
            let delay =
                policy.retryAfterDelay(of: response, now: policy.clock.now)
                ?? policy.backoffDelay(forRetry: retries + 1)
            guard fitsBeforeDeadline(delay, context: context, started: started) else { return response }
            await response.discardBody()
            retries += 1
            try await pause(
                RetryAttempt(
                    retry: retries, maximumRetries: policy.maximumRetries, request: request,
                    reason: .status(status), delay: delay), context: context)
        }
    }

    // MARK: Attempts

    /// One attempt. With `failsAloneOnIdle`, an idle timeout fails just the network exchange in flight with
    /// `timedOut` (instead of cancelling the task), so the policy can try again. The transport does the
    /// scoping (``TransportInterceptor``): an attempt that needs no network (a cache hit) costs nothing extra.
    private nonisolated(nonsending) func attempt(_ request: Request, chain: InterceptorChain, failsAloneOnIdle: Bool)
        async throws -> Response
    {
        guard failsAloneOnIdle else { return try await chain.proceed(request) }
        let context = chain.context
        context.idleTimeoutFailsExchange.store(true, ordering: .relaxed)
        defer { context.idleTimeoutFailsExchange.store(false, ordering: .relaxed) }
        return try await chain.proceed(request)
    }

    /// Counts the retry, tells the policy's observer, and waits with the idle clock paused.
    private func pause(_ attempt: RetryAttempt, context: TaskContext) async throws {
        context.recordRetry()
        policy.onRetry?(attempt)
        try await withIdleClockPaused(context) {
            try await policy.clock.sleep(for: attempt.delay)
        }
    }

    /// Whether a wait of `delay` still leaves time before the resource deadline (measured both on the
    /// real clock the watchdog uses and on the policy's clock, which tests drive).
    private func fitsBeforeDeadline(_ delay: TimeInterval, context: TaskContext, started: Date) -> Bool {
        let timer = context.timer
        let now = DispatchTime.now().uptimeNanoseconds
        let realRemaining = timer.deadline > now ? Double(timer.deadline - now) / 1e9 : 0
        let clockRemaining = timer.resourceSeconds - policy.clock.now.timeIntervalSince(started)
        return delay < min(realRemaining, clockRemaining)
    }

    // MARK: Connectivity

    private func isConnected(for request: Request) async -> Bool {
        await reachability.source().currentStatus().allowsConnection(to: request.url.host)
    }

    /// Emits ``TaskEvent/taskIsWaitingForConnectivity`` (once per task) and waits until the network is
    /// back; the watchdog's resource deadline ends the wait by cancelling the task.
    private func waitForConnectivity(for request: Request, context: TaskContext, announced: inout Bool) async throws {
        if !announced {
            announced = true
            context.emit(.taskIsWaitingForConnectivity)
        }
        let source = reachability.source()
        let host = request.url.host
        try await withIdleClockPaused(context) {
            _ = try await source.waitForConnectivity(to: host)
        }
    }

    /// Runs a wait with the idle clock paused. A task that runs in its caller's task has the wait in a task of its
    /// own that the task's ``CancellationScope`` cancels: the clock and the policy's sleep know only task cancellation.
    private func withIdleClockPaused(_ context: TaskContext, _ body: @escaping @Sendable () async throws -> Void)
        async throws
    {
        let timer = context.timer
        timer.setPaused(true)
        defer { timer.setPaused(context.task.state == .suspended) }
        if let scope = context.cancellation {
            try await scope.run(body)
        } else {
            try await body()
        }
    }
}

/// The session's reachability source: the configured one, or the system monitor, opened on first use
/// and closed with the session.
final class ReachabilityProvider: Sendable {
    private let configured: (any ReachabilitySource)?
    private let system = Mutex<Reachability?>(nil)

    init(_ configured: (any ReachabilitySource)?) {
        self.configured = configured
    }

    func source() -> any ReachabilitySource {
        if let configured { return configured }
        return system.withLock { monitor in
            if let monitor { return monitor }
            let created = Reachability()
            monitor = created
            return created
        }
    }
}
