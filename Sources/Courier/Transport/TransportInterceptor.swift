import Synchronization

/// The end of the chain: hands the request to the protocol handler that takes it
/// (custom handlers first, in reverse registration order), or to Courier's connection pool for `http(s)`.
///
/// While the retry stage may repeat the attempt (``TaskContext/idleTimeoutFailsExchange``), an idle timeout
/// cancels just the exchange, up to its response head; it then fails with `timedOut`, which the stages above see
/// as any other failure (the cache may still serve a stale response under `stale-if-error`, the retry policy
/// decides). The pool honours that narrower cancellation itself (``CancellationScope``); a custom protocol
/// handler, which knows only task cancellation, runs in a task of its own for it.
struct TransportInterceptor: Interceptor {
    /// Tests only: runs right after the exchange's head came back, before the idle timeout stops cancelling just the
    /// exchange, to make an idle expiry land in that window on purpose (under load the window is as long as the wait
    /// for a thread).
    @TaskLocal static var afterExchange: (@Sendable (TaskContext) -> Void)?

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let context = chain.context
        guard context.idleTimeoutFailsExchange.load(ordering: .relaxed) else {
            return try await load(request, context: context, cancellation: context.cancellation)
        }
        let timer = context.timer
        let idleExpiry = Mutex<Double?>(nil)
        // Cancelled by the idle timeout, and by whatever cancels a task that runs in its caller's task.
        let scope = CancellationScope()
        let link = context.cancellation?.link(scope)
        defer { context.cancellation?.unlink(link) }
        let previous = timer.replaceIdleHandler { seconds in
            idleExpiry.withLock { $0 = seconds }
            scope.cancel()
        }
        defer { timer.restoreIdleSlot(previous) }
        let response: Response
        do {
            response = try await load(request, context: context, cancellation: scope)
            Self.afterExchange?(context)
        } catch {
            guard !Task.isCancelled, context.cancellation?.isCancelled != true,
                let seconds = idleExpiry.withLock({ $0 })
            else { throw error }
            throw timedOut(seconds, request: request, context: context, underlyingError: error)
        }
        // From here the handler cannot fire: a later expiry belongs to whoever owned the slot before.
        timer.restoreIdleSlot(previous)
        if let seconds = idleExpiry.withLock({ $0 }) {
            // The idle timeout fired just as the head arrived: the exchange was cancelled after it had
            // returned the head. The body is dropped unread (reading it could wait for bytes that never come;
            // dropping it closes its connection), and the task fails with the timeout it looks like, which the
            // retry stage may answer.
            _ = response
            throw timedOut(seconds, request: request, context: context, underlyingError: nil)
        }
        return response
    }

    private func timedOut(
        _ seconds: Double, request: Request, context: TaskContext, underlyingError: (any Error)?
    ) -> CourierError {
        CourierError(
            .timedOut, outcome: context.anyRequestStarted ? .ambiguous : .notSent,
            message:
                "the request timed out: no data for \(SessionTask.format(seconds)) s from \(request.url.hostDescription)",
            request: request, underlyingError: underlyingError is CancellationError ? nil : underlyingError)
    }

    private func load(_ request: Request, context: TaskContext, cancellation: CancellationScope?) async throws
        -> Response
    {
        if let handler = context.core.handler(for: request) {
            guard let cancellation else {
                return try await ProtocolHandlerBridge.load(request, with: handler, context: context)
            }
            return try await cancellation.run {
                try await ProtocolHandlerBridge.load(request, with: handler, context: context)
            }
        }
        if request.isHTTP {
            return try await context.core.httpTransport.execute(request, context: context, cancellation: cancellation)
        }
        throw CourierError(
            .unsupportedURL, outcome: .notSent,
            message:
                "no protocol handler for \"\(request.url.scheme ?? "")\" URLs; register one in SessionConfiguration.protocolHandlers",
            request: request)
    }
}
