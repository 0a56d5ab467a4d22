import Synchronization

/// The end of the chain: hands the request to the protocol handler that takes it
/// (custom handlers first, in reverse registration order), or to async-http-client for `http(s)`.
///
/// While the retry stage may repeat the attempt (``TaskContext/idleTimeoutFailsExchange``), the exchange runs
/// in a task of its own so that an idle timeout can cancel just that exchange; it then fails with
/// `timedOut`, which the stages above see as any other failure (the cache may still serve a stale
/// response under `stale-if-error`, the retry policy decides).
struct TransportInterceptor: Interceptor {
    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let context = chain.context
        guard context.idleTimeoutFailsExchange.load(ordering: .relaxed) else {
            return try await load(request, context: context)
        }
        let timer = context.timer
        let idleExpiry = Mutex<Double?>(nil)
        // Started on this thread: no hop to another one before the request goes out.
        let exchange = Task.immediate { try await load(request, context: context) }
        let previous = timer.replaceIdleHandler { seconds in
            idleExpiry.withLock { $0 = seconds }
            exchange.cancel()
        }
        defer { timer.restoreIdleSlot(previous) }
        do {
            return try await withTaskCancellationHandler {
                try await exchange.value
            } onCancel: {
                exchange.cancel()
            }
        } catch {
            guard !Task.isCancelled, let seconds = idleExpiry.withLock({ $0 }) else { throw error }
            throw CourierError(
                .timedOut, outcome: context.anyRequestStarted ? .ambiguous : .notSent,
                message:
                    "the request timed out: no data for \(SessionTask.format(seconds)) s from \(request.url.hostDescription)",
                request: request, underlyingError: error is CancellationError ? nil : error)
        }
    }

    private func load(_ request: Request, context: TaskContext) async throws -> Response {
        if let handler = context.core.handler(for: request) {
            return try await ProtocolHandlerBridge.load(request, with: handler, context: context)
        }
        if request.isHTTP {
            return try await context.core.httpTransport.execute(request, context: context)
        }
        throw CourierError(
            .unsupportedURL, outcome: .notSent,
            message:
                "no protocol handler for \"\(request.url.scheme ?? "")\" URLs; register one in SessionConfiguration.protocolHandlers",
            request: request)
    }
}
