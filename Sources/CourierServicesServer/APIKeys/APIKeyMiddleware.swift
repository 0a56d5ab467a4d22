import Hummingbird

/// Lets in only callers with a valid API key (or, when the policy allows it, callers without any key as
/// ``APICaller/anonymous``), and records who called in the context for the handlers and the rate limit.
/// Everyone else gets `401` with a JSON error (``ServiceHTTPError``).
///
/// ```swift
/// let api = router.group("api")
///     .add(middleware: APIKeyMiddleware(policy: APIKeyPolicy(keys: configuration.apiKeys, allowsAnonymous: true)))
///     .add(middleware: RateLimitMiddleware(limiter: limiter, anonymous: .perMinute(60), keyed: .perMinute(600)))
/// ```
public struct APIKeyMiddleware<Context: APIKeyRequestContext>: RouterMiddleware {
    /// The keys and where they travel.
    public let policy: APIKeyPolicy

    /// A middleware enforcing `policy`.
    public init(policy: APIKeyPolicy) {
        self.policy = policy
    }

    /// Checks the request's key: a valid key (or no key, when anonymous callers are allowed) goes on to `next`
    /// with the caller recorded in the context; anything else gets `401`.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.apiCaller = try self.policy.caller(of: request)
        return try await next(request, context)
    }
}
