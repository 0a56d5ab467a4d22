import HTTPTypes
import Hummingbird

/// Per-caller rate limits with token buckets: a request over its caller's quota gets `429 Too Many Requests`
/// with `Retry-After` (whole seconds until a token comes back) and a JSON error; every other response says
/// the quota in `X-RateLimit-Limit` and what is left in `X-RateLimit-Remaining`.
///
/// ```swift
/// // By API key, after APIKeyMiddleware: anonymous callers share one small quota, each key has its own.
/// api.add(middleware: RateLimitMiddleware(limiter: RateLimiter(), anonymous: .perMinute(60), keyed: .perMinute(600)))
/// // By anything else:
/// api.add(middleware: RateLimitMiddleware<AppContext>(limiter: limiter) { request, _ in
///     RateLimitPartition(caller: request.headers[.init("X-Device")!] ?? "unknown", quota: .perMinute(30))
/// })
/// ```
public struct RateLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The buckets.
    public let limiter: RateLimiter
    /// Names the bucket of a request; `nil` lets it through uncounted.
    public let partition: @Sendable (Request, Context) -> RateLimitPartition?

    /// A middleware counting each request against the bucket `partition` names.
    public init(
        limiter: RateLimiter, partition: @escaping @Sendable (Request, Context) -> RateLimitPartition?
    ) {
        self.limiter = limiter
        self.partition = partition
    }

    /// Takes a token from the request's bucket: answers `429` with `Retry-After` when none is left, otherwise
    /// calls `next` and adds the quota headers to its response.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let partition = self.partition(request, context) else { return try await next(request, context) }
        switch self.limiter.take(caller: partition.caller, quota: partition.quota) {
        case .limited(let retryAfter):
            let seconds = Self.wholeSeconds(retryAfter)
            throw ServiceHTTPError(
                .tooManyRequests,
                "rate limit of \(partition.quota) exceeded; retry in \(seconds) s",
                headers: [
                    .retryAfter: String(seconds), Self.limitHeader: String(partition.quota.requests),
                    Self.remainingHeader: "0",
                ])
        case .allowed(let remaining):
            var response = try await next(request, context)
            response.headers[Self.limitHeader] = String(partition.quota.requests)
            response.headers[Self.remainingHeader] = String(remaining)
            return response
        }
    }

    /// `X-RateLimit-Limit`: the quota's requests.
    public static var limitHeader: HTTPField.Name { HTTPField.Name("X-RateLimit-Limit")! }
    /// `X-RateLimit-Remaining`: the tokens left after this request.
    public static var remainingHeader: HTTPField.Name { HTTPField.Name("X-RateLimit-Remaining")! }

    /// `Retry-After` is whole seconds (RFC 9110); rounding down would send a caller back too early.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let seconds = duration.components.seconds + (duration.components.attoseconds > 0 ? 1 : 0)
        return Int(max(1, seconds))
    }
}

extension RateLimitMiddleware where Context: APIKeyRequestContext {
    /// Limits by the caller ``APIKeyMiddleware`` identified: all anonymous callers share one bucket with
    /// the `anonymous` quota, each key has its own bucket with the `keyed` quota.
    public init(limiter: RateLimiter, anonymous: RateLimitQuota, keyed: RateLimitQuota) {
        self.init(limiter: limiter) { _, context in
            switch context.apiCaller ?? .anonymous {
            case .anonymous: return RateLimitPartition(caller: "anonymous", quota: anonymous)
            case .key(let key): return RateLimitPartition(caller: "key:" + key, quota: keyed)
            }
        }
    }
}
