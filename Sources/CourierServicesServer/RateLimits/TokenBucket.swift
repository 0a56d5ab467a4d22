/// A token bucket: a caller starts with a full bucket of ``RateLimitQuota/requests`` tokens, every request
/// takes one, and tokens come back one per ``RateLimitQuota/refillInterval``. Unlike a fixed window, a
/// burst at the end of one minute and the start of the next cannot double the quota.
///
/// It is kept as the time at which the bucket will be full again (the generic cell rate algorithm's
/// "theoretical arrival time"), in `Duration`'s exact integer arithmetic: no fractions of tokens pile up
/// rounding errors, so a token is back exactly when `Retry-After` said.
///
/// A pure value: time comes in as the duration since an origin the caller chose, so it is tested without
/// any clock.
///
/// ```swift
/// var bucket = TokenBucket(quota: .perMinute(3), now: .zero)
/// bucket.take(now: .zero)            // .allowed(remaining: 2)
/// ```
public struct TokenBucket: Sendable, Hashable {
    /// What the bucket decided about one request.
    public enum Decision: Sendable, Hashable {
        /// Let it through; `remaining` tokens are left.
        case allowed(remaining: Int)
        /// Refuse it; a token comes back after `retryAfter`.
        case limited(retryAfter: Duration)
    }

    /// The quota the bucket enforces.
    public let quota: RateLimitQuota
    /// When the bucket will be full again (at or before now: it is full).
    private var fullAt: Duration
    /// The latest time the bucket was asked at; an earlier time is read as this one (a clock that went back
    /// refills nothing and takes nothing back).
    private var latest: Duration

    /// A full bucket at `now`.
    public init(quota: RateLimitQuota, now: Duration) {
        self.quota = quota
        self.fullAt = now
        self.latest = now
    }

    /// A bucket holding `tokens` (at most the quota) at `now`: a caller carried over to a new quota.
    public init(quota: RateLimitQuota, tokens: Double, now: Duration) {
        self.init(quota: quota, now: now)
        let missing = Double(quota.requests) - min(max(tokens, 0), Double(quota.requests))
        self.fullAt = now + quota.refillInterval * missing
    }

    /// The tokens in the bucket at `now` (fractions count the time towards the next token).
    public func tokens(at now: Duration) -> Double {
        let now = max(now, self.latest)
        let owed = max(.zero, self.fullAt - now)
        return Double(self.quota.requests) - owed / self.quota.refillInterval
    }

    /// Whether the bucket is full at `now` (an idle caller a limiter may forget).
    public func isFull(at now: Duration) -> Bool {
        self.fullAt <= max(now, self.latest)
    }

    /// Takes a token for one request at `now`, or says how long until one comes back.
    public mutating func take(now: Duration) -> Decision {
        let now = max(now, self.latest)
        self.latest = now
        let interval = self.quota.refillInterval
        // A request may go when at most `requests - 1` intervals are owed.
        let tolerance = interval * (self.quota.requests - 1)
        let owed = max(self.fullAt, now) - now
        if owed > tolerance {
            return .limited(retryAfter: owed - tolerance)
        }
        self.fullAt = max(self.fullAt, now) + interval
        let left = (tolerance - (self.fullAt - now) + interval) / interval
        return .allowed(remaining: max(0, Int((left + 1e-9).rounded(.down))))
    }
}
