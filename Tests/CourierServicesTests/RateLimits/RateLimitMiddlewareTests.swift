import CourierServicesServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("RateLimitMiddleware: 429 with Retry-After on an injected clock, per API key")
struct RateLimitMiddlewareTests {
    static let apiKey = HTTPField.Name("X-API-Key")!

    func router(clock: ManualClock) -> Router<MiddlewareTestContext> {
        let router = Router(context: MiddlewareTestContext.self)
        router.add(middleware: APIKeyMiddleware(policy: APIKeyPolicy(keys: ["gold"], allowsAnonymous: true)))
        router.add(
            middleware: RateLimitMiddleware(
                limiter: RateLimiter(clock: clock), anonymous: .perMinute(2), keyed: .perMinute(4)))
        router.get("/quote") { _, _ in "ok" }
        return router
    }

    @Test("over the quota: 429, Retry-After in whole seconds, a JSON error; the token comes back on the clock")
    func limitedThenRefilled() async throws {
        let clock = ManualClock()
        try await testRouter(self.router(clock: clock)) { client in
            for remaining in ["1", "0"] {
                try await client.execute(uri: "/quote", method: .get) {
                    #expect($0.status == .ok)
                    #expect($0.headers[HTTPField.Name("X-RateLimit-Limit")!] == "2")
                    #expect($0.headers[HTTPField.Name("X-RateLimit-Remaining")!] == remaining)
                }
            }
            try await client.execute(uri: "/quote", method: .get) {
                #expect($0.status == .tooManyRequests)
                #expect($0.headers[.retryAfter] == "30")
                #expect($0.errorMessage == "rate limit of 2 requests per minute exceeded; retry in 30 s")
            }
            clock.advance(by: .milliseconds(29_500))
            try await client.execute(uri: "/quote", method: .get) {
                #expect($0.status == .tooManyRequests)
                #expect($0.headers[.retryAfter] == "1", "half a second rounds up, never down to 0")
            }
            clock.advance(by: .milliseconds(500))
            try await client.execute(uri: "/quote", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("a key has its own, larger bucket; anonymous callers share theirs")
    func keyedAndAnonymousBuckets() async throws {
        let clock = ManualClock()
        try await testRouter(self.router(clock: clock)) { client in
            for _ in 0..<2 { try await client.execute(uri: "/quote", method: .get) { #expect($0.status == .ok) } }
            try await client.execute(uri: "/quote", method: .get) { #expect($0.status == .tooManyRequests) }
            for _ in 0..<4 {
                try await client.execute(uri: "/quote", method: .get, headers: [Self.apiKey: "gold"]) {
                    #expect($0.status == .ok)
                    #expect($0.headers[HTTPField.Name("X-RateLimit-Limit")!] == "4")
                }
            }
            try await client.execute(uri: "/quote", method: .get, headers: [Self.apiKey: "gold"]) {
                #expect($0.status == .tooManyRequests)
                #expect($0.headers[.retryAfter] == "15")
            }
        }
    }

    @Test("a partition closure can exempt requests")
    func exemptRequests() async throws {
        let router = Router(context: MiddlewareTestContext.self)
        router.add(
            middleware: RateLimitMiddleware<MiddlewareTestContext>(limiter: RateLimiter(clock: ManualClock())) {
                request, _ in
                request.uri.path == "/health" ? nil : RateLimitPartition(caller: "all", quota: .perMinute(1))
            })
        router.get("/health") { _, _ in "up" }
        router.get("/quote") { _, _ in "ok" }
        try await testRouter(router) { client in
            for _ in 0..<3 { try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) } }
            try await client.execute(uri: "/quote", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/quote", method: .get) { #expect($0.status == .tooManyRequests) }
        }
    }
}
