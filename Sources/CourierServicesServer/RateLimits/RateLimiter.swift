import Synchronization

/// The token buckets of every caller, on one clock: what ``RateLimitMiddleware`` consults. Thread-safe; one
/// short lock per request.
///
/// ```swift
/// let limiter = RateLimiter()                       // the continuous clock
/// let testLimiter = RateLimiter(clock: manualClock)  // tests move time by hand
/// ```
public final class RateLimiter: Sendable {
    /// The most callers remembered at once; beyond it, callers whose bucket has refilled completely are
    /// forgotten (they would start with a full bucket anyway), so memory stays bounded whatever keys arrive.
    public let maximumCallers: Int
    private let elapsed: @Sendable () -> Duration
    private let buckets = Mutex<[String: TokenBucket]>([:])

    /// A limiter on `clock` (the continuous clock by default).
    public init<C: Clock<Duration>>(clock: C = ContinuousClock(), maximumCallers: Int = 10_000) {
        let origin = clock.now
        self.elapsed = { origin.duration(to: clock.now) }
        self.maximumCallers = max(1, maximumCallers)
    }

    /// Takes a token from `caller`'s bucket under `quota` (a bucket whose quota changed starts over with
    /// the new capacity, keeping at most the tokens it had).
    public func take(caller: String, quota: RateLimitQuota) -> TokenBucket.Decision {
        let now = self.elapsed()
        return self.buckets.withLock { buckets in
            var bucket = buckets[caller] ?? TokenBucket(quota: quota, now: now)
            if bucket.quota != quota {
                bucket = TokenBucket(quota: quota, tokens: bucket.tokens(at: now), now: now)
            }
            let decision = bucket.take(now: now)
            buckets[caller] = bucket
            if buckets.count > self.maximumCallers {
                buckets = buckets.filter { $0.key == caller || !$0.value.isFull(at: now) }
                // Still too many busy callers: forget some (each then starts with a full bucket). Memory
                // stays bounded; the quota is lenient only for callers beyond the bound.
                for key in buckets.keys where buckets.count > self.maximumCallers && key != caller {
                    buckets[key] = nil
                }
            }
            return decision
        }
    }

    /// How many callers the limiter remembers now.
    public var callerCount: Int { self.buckets.withLock { $0.count } }
}
