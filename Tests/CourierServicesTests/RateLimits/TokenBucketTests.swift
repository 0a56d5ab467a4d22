import CourierServicesServer
import Testing

@Suite("TokenBucket and RateLimiter: bursts, refills, Retry-After, bounded memory")
struct TokenBucketTests {
    @Test("a full bucket allows a burst of the quota, then says when a token comes back")
    func burstThenLimited() {
        var bucket = TokenBucket(quota: .perMinute(3), now: .zero)
        let decisions = [0, 0, 0, 0, 5, 20, 3620].map { bucket.take(now: .seconds($0)) }
        #expect(
            decisions == [
                .allowed(remaining: 2), .allowed(remaining: 1), .allowed(remaining: 0),
                .limited(retryAfter: .seconds(20)), .limited(retryAfter: .seconds(15)), .allowed(remaining: 0),
                // An hour idle refills the bucket, but never beyond its capacity.
                .allowed(remaining: 2),
            ])
    }

    @Test("unlike a fixed window, a burst at a minute's end and the next minute's start cannot double the quota")
    func noDoubleBurstAtWindowEdge() {
        var bucket = TokenBucket(quota: .perMinute(60), now: .zero)
        var allowed = 0
        for _ in 0..<61 {
            if case .allowed = bucket.take(now: .seconds(59)) { allowed += 1 }
        }
        var second = 0
        for _ in 0..<60 {
            if case .allowed = bucket.take(now: .seconds(61)) { second += 1 }
        }
        #expect(allowed == 60)
        #expect(second == 2, "only the two tokens that came back in two seconds")
    }

    @Test("time running backwards refills nothing")
    func clockGoingBack() {
        var bucket = TokenBucket(quota: .perMinute(1), now: .seconds(100))
        let decisions = [100, 10].map { bucket.take(now: .seconds($0)) }
        #expect(decisions == [.allowed(remaining: 0), .limited(retryAfter: .seconds(60))])
    }

    @Test("quotas below one request or with an empty period are raised, not trapped on")
    func degenerateQuotas() {
        let quota = RateLimitQuota(requests: 0, per: .zero)
        #expect(quota.requests == 1)
        #expect(quota.period > .zero)
        #expect(RateLimitQuota.perMinute(60).description == "60 requests per minute")
        #expect(RateLimitQuota(requests: 1, per: .seconds(3600)).description == "1 request per 60 minutes")
    }

    @Test("the limiter keeps a bucket per caller on its clock, and forgets idle callers beyond its bound")
    func limiterPerCaller() {
        let clock = ManualClock()
        let limiter = RateLimiter(clock: clock, maximumCallers: 2)
        let quota = RateLimitQuota.perMinute(1)
        #expect(limiter.take(caller: "a", quota: quota) == .allowed(remaining: 0))
        #expect(limiter.take(caller: "b", quota: quota) == .allowed(remaining: 0))
        #expect(limiter.take(caller: "a", quota: quota) == .limited(retryAfter: .seconds(60)))
        clock.advance(by: .seconds(60))
        #expect(limiter.take(caller: "a", quota: quota) == .allowed(remaining: 0))
        // b is full again (idle a minute): a third caller makes room by forgetting it.
        #expect(limiter.take(caller: "c", quota: quota) == .allowed(remaining: 0))
        #expect(limiter.callerCount <= 2)
        // Many busy callers: memory stays bounded all the same.
        for index in 0..<100 { _ = limiter.take(caller: "caller-\(index)", quota: quota) }
        #expect(limiter.callerCount <= 2)
    }

    @Test("a caller whose quota changes keeps at most the tokens it had")
    func quotaChange() {
        let clock = ManualClock()
        let limiter = RateLimiter(clock: clock)
        #expect(limiter.take(caller: "k", quota: .perMinute(2)) == .allowed(remaining: 1))
        #expect(limiter.take(caller: "k", quota: .perMinute(600)) == .allowed(remaining: 0))
    }
}
