import Foundation
import HTTPTypes
import Synchronization

/// Attaches a bearer token (RFC 6750) to every request and, on a 401, refreshes it once and replays the
/// request. Concurrent requests that fail together share one refresh (single flight).
///
/// ```swift
/// let bearer = BearerTokenAuthenticator(token: savedToken) { failedToken in
///     try await login()          // returns a new token
/// }
/// configuration.interceptors = [bearer]
/// ```
public final class BearerTokenAuthenticator: Interceptor, Sendable {
    /// Gets a new token: called with the token that was refused (or `nil` when there was none) and returns
    /// the one to use from now on. A throw fails the request that needed the token.
    public typealias Refresh = @Sendable (_ failedToken: String?) async throws -> String

    private struct State {
        var token: String?
        var refreshing: Task<String, any Error>?
    }

    private let state: Mutex<State>
    private let refresh: Refresh
    /// Only requests to these hosts get the token (all hosts when `nil`): tokens must not leak elsewhere.
    public let hosts: Set<String>?

    /// Creates the authenticator.
    ///
    /// - Parameters:
    ///   - token: The token to start with, or `nil` to fetch one with `refresh` before the first request.
    ///   - hosts: Only requests to these hosts (compared without case) get the token; `nil` means every host.
    ///   - refresh: Gets a new token; see ``Refresh``.
    public init(token: String? = nil, hosts: Set<String>? = nil, refresh: @escaping Refresh) {
        self.state = Mutex(State(token: token, refreshing: nil))
        self.refresh = refresh
        self.hosts = hosts.map { Set($0.map { $0.lowercased() }) }
    }

    /// The token in use.
    public var token: String? { state.withLock { $0.token } }

    /// Adds `Authorization: Bearer` to requests for the configured hosts; on a 401 refreshes the token (one
    /// refresh for all requests that failed together) and replays the request once.
    public nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response
    {
        guard applies(to: request) else { return try await chain.proceed(request) }
        var sent = request
        let used = state.withLock { $0.token }
        if let used { sent.headerFields[.authorization] = "Bearer " + used }
        let response = try await chain.proceed(sent)
        guard response.status.code == 401 else { return response }
        let fresh: String
        do {
            fresh = try await newToken(replacing: used)
        } catch {
            throw CourierError(
                .userAuthenticationRequired, kind: .http(status: 401), outcome: .failed,
                message: "refreshing the bearer token failed: \(error)", request: sent, response: response.withoutBody,
                underlyingError: error)
        }
        await response.discardBody()
        var replay = request
        replay.headerFields[.authorization] = "Bearer " + fresh
        return try await chain.proceed(replay)
    }

    private func applies(to request: Request) -> Bool {
        guard let hosts else { return true }
        return request.url.host.map { hosts.contains($0.lowercased()) } ?? false
    }

    /// A token newer than `used`: the one another request already fetched, or a new refresh.
    private func newToken(replacing used: String?) async throws -> String {
        let task: Task<String, any Error> = state.withLock { state in
            if let current = state.token, current != used {
                return Task { current }
            }
            if let running = state.refreshing { return running }
            let refresh = self.refresh
            let running = Task { try await refresh(used) }
            state.refreshing = running
            return running
        }
        do {
            let token = try await task.value
            state.withLock { state in
                state.token = token
                state.refreshing = nil
            }
            return token
        } catch {
            state.withLock { $0.refreshing = nil }
            throw error
        }
    }
}
