import Foundation

/// One concern of HTTP in the request chain: it sees the request on the way out and the response on
/// the way back, and calls ``InterceptorChain/proceed(_:)`` to go on (or answers by itself).
///
/// ```swift
/// struct Signer: Interceptor {
///     let key: String
///     func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
///         var signed = request
///         try signed.setValue(sign(request, key), forHTTPHeaderField: "X-Signature")
///         return try await chain.proceed(signed)
///     }
/// }
/// configuration.interceptors = [Signer(key: "…")]
/// ```
///
/// The response a stage receives may carry a streaming body (``Response/Body/stream(_:)``); a stage
/// that wraps the stream must not read it whole.
///
/// The requirement is `nonisolated(nonsending)`: a stage runs on the executor of the task that loads the
/// request, so passing a request through the chain costs no hop between threads. A plain `async` method
/// (as above) conforms too; it hops to the global executor on entry, as any `@concurrent` function does.
public protocol Interceptor: Sendable {
    /// Handles one request: change it and call `chain.proceed(_:)`, change the response it returns, or return
    /// a response without proceeding.
    ///
    /// - Parameters:
    ///   - request: The request as the previous stage passed it on.
    ///   - chain: The rest of the chain; call ``InterceptorChain/proceed(_:)`` to go on (a stage that retries calls
    ///     it again).
    /// - Returns: The response to hand back to the previous stage.
    /// - Throws: A ``CourierError`` (or any error, which the session maps to one) to fail the task.
    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response
}

/// An interceptor made from a closure that adapts each request (adds a token, signs it).
public struct RequestAdapter: Interceptor {
    let adapt: @Sendable (Request) async throws -> Request

    /// Creates an interceptor that passes each request through `adapt` before the rest of the chain; a throw
    /// from `adapt` fails the task.
    public init(_ adapt: @escaping @Sendable (Request) async throws -> Request) {
        self.adapt = adapt
    }

    /// Adapts the request and proceeds with the result.
    public nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response
    {
        try await chain.proceed(try await adapt(request))
    }
}

/// The rest of the chain, as seen from one interceptor.
public struct InterceptorChain: Sendable {
    let context: TaskContext
    let stages: [any Interceptor]
    let index: Int

    /// The identifier of the task this request belongs to.
    public var taskIdentifier: Int { context.task.taskIdentifier }
    /// The session's configuration.
    public var configuration: SessionConfiguration { context.core.configuration }

    /// The metrics of the task's latest exchange so far. In a network interceptor, once ``proceed(_:)`` has
    /// returned, that is the exchange whose response head just arrived: its protocol (`h2`, `http/1.1`), its
    /// addresses and the head as it came off the wire; its body is still to come. `nil` before any exchange.
    public var latestTransactionMetrics: TransactionMetrics? { context.lastTransaction }

    /// Hands the request to the next stage and returns its response.
    public nonisolated(nonsending) func proceed(_ request: Request) async throws -> Response {
        guard index < stages.count else {
            throw CourierError(.unknown, message: "the interceptor chain ended without a transport")
        }
        try Task.checkCancellation()
        let next = InterceptorChain(context: context, stages: stages, index: index + 1)
        return try await stages[index].intercept(request, chain: next)
    }
}
