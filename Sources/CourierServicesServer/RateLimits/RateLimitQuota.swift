/// How many requests a caller may make in a period: the capacity of its token bucket (a burst of that
/// many is allowed) and the rate at which spent tokens come back (one every `period / requests`).
///
/// ```swift
/// let anonymous = RateLimitQuota.perMinute(60)
/// let batch = RateLimitQuota(requests: 1_000, per: .seconds(3600))
/// ```
public struct RateLimitQuota: Sendable, Hashable, CustomStringConvertible {
    /// The bucket's capacity: requests allowed in a burst, and per ``period``.
    public let requests: Int
    /// The time in which a whole bucket refills.
    public let period: Duration

    /// A quota of `requests` per `period`. A quota below one request, or a period that is not positive, is
    /// raised to one request per nanosecond-long period rather than trapping: configuration never crashes a
    /// server.
    public init(requests: Int, per period: Duration) {
        self.requests = max(1, requests)
        self.period = period > .zero ? period : .nanoseconds(1)
    }

    /// `requests` per minute.
    public static func perMinute(_ requests: Int) -> RateLimitQuota {
        RateLimitQuota(requests: requests, per: .seconds(60))
    }

    /// The time one spent token takes to come back.
    public var refillInterval: Duration { self.period / self.requests }

    /// "60 requests per minute", "1000 requests per 60 minutes".
    public var description: String {
        var period = DurationText.phrase(self.period)
        if period.hasPrefix("1 ") { period.removeFirst(2) }
        return "\(self.requests) request\(self.requests == 1 ? "" : "s") per \(period)"
    }
}
