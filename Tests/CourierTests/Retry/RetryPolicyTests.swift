import Foundation
import HTTPTypes
import Testing

@testable import Courier

@Suite("Retry policy decisions")
struct RetryPolicyTests {
    let policy = RetryPolicy()

    @Test(arguments: [
        (HTTPRequest.Method.get, true), (.head, true), (.options, true), (.put, true), (.delete, true),
        (.trace, true), (.post, false), (.patch, false), (.connect, false),
    ])
    func onlyIdempotentMethodsAreSafe(method: HTTPRequest.Method, safe: Bool) throws {
        let request = Request(url: try #require(URL(string: "https://api.test/x")), method: method)
        #expect(policy.isSafeToRetry(request) == safe)
    }

    @Test func anIdempotencyKeyMakesAPostSafe() throws {
        var request = try Request("https://api.test/orders", method: .post)
        #expect(!policy.isSafeToRetry(request))
        try request.setValue("order-7f3a", forHTTPHeaderField: "Idempotency-Key")
        #expect(policy.isSafeToRetry(request))
        try request.setValue("", forHTTPHeaderField: "Idempotency-Key")
        #expect(!policy.isSafeToRetry(request))
    }

    @Test(arguments: [
        (CourierError.Code.timedOut, true), (.cannotConnectToHost, true), (.networkConnectionLost, true),
        (.notConnectedToInternet, true), (.cannotFindHost, false), (.cancelled, false),
        (.serverCertificateUntrusted, false), (.badServerResponse, false), (.dataLengthExceedsMaximum, false),
    ])
    func retryableCodes(code: CourierError.Code, retryable: Bool) throws {
        let get = try Request("https://api.test/x")
        let post = try Request("https://api.test/x", method: .post)
        for outcome in [CourierError.Outcome.notSent, .failed, .ambiguous] {
            let error = CourierError(code, outcome: outcome, message: "test")
            #expect(policy.shouldRetry(get, after: error) == retryable)
            // A POST without a key is never retried, least of all after an ambiguous failure.
            #expect(!policy.shouldRetry(post, after: error))
        }
    }

    @Test(arguments: [
        (408, true), (429, true), (500, true), (502, true), (503, true), (504, true), (501, false), (505, false),
        (400, false), (401, false), (404, false), (200, false), (301, false),
    ])
    func retryableStatuses(status: Int, retryable: Bool) throws {
        let get = try Request("https://api.test/x")
        #expect(policy.shouldRetry(get, status: status) == retryable)
        let error = CourierError(.unacceptableStatusCode, kind: .http(status: status), message: "status")
        #expect(policy.shouldRetry(get, after: error) == retryable)
    }

    @Test func backoffIsExponentialCappedAndFullyJittered() {
        let exact = RetryPolicy(maximumRetries: 10, baseDelay: 0.5, multiplier: 2, maximumDelay: 30, jitter: .none)
        var generator = SeededGenerator(seed: 1)
        #expect((1...8).map { exact.backoffDelay(forRetry: $0, using: &generator) } == [0.5, 1, 2, 4, 8, 16, 30, 30])
        #expect(exact.backoffDelay(forRetry: 5000, using: &generator) == 30)

        let jittered = RetryPolicy()
        var seen: Set<Int> = []
        for retry in 1...6 {
            let ceiling = min(30, 0.5 * pow(2, Double(retry - 1)))
            for _ in 0..<200 {
                let delay = jittered.backoffDelay(forRetry: retry, using: &generator)
                #expect(delay >= 0 && delay <= ceiling)
                seen.insert(Int(delay / ceiling * 10))
            }
        }
        // Full jitter spreads over the whole range, not just near the ceiling.
        #expect(seen.count >= 9)
    }

    @Test func retryAfterInSecondsAndAsAnHTTPDate() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(RetryPolicy.parseRetryAfter("2", now: now) == 2)
        #expect(RetryPolicy.parseRetryAfter(" 120 ", now: now) == 120)
        #expect(RetryPolicy.parseRetryAfter("0", now: now) == 0)
        #expect(RetryPolicy.parseRetryAfter("Tue, 14 Nov 2023 22:13:25 GMT", now: now) == 5)
        #expect(RetryPolicy.parseRetryAfter("Tuesday, 14-Nov-23 22:14:20 GMT", now: now) == 60)
        #expect(RetryPolicy.parseRetryAfter("Tue Nov 14 22:13:30 2023", now: now) == 10)
        // A date in the past means "now".
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 0)
    }

    @Test(arguments: ["", "soon", "-1", "1.5", "2 s", "0x10", "Tue, 31 Feb 2023 10:00:00 GMT", "12:00", "∞"])
    func malformedRetryAfterIsIgnored(value: String) {
        #expect(RetryPolicy.parseRetryAfter(value, now: Date()) == nil)
    }

    @Test func hugeRetryAfterIsCapped() throws {
        let url = try #require(URL(string: "https://api.test/"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        for value in ["86400", "99999999999999999999999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT"] {
            let response = Response(status: .serviceUnavailable, headerFields: [.retryAfter: value], url: url)
            #expect(policy.retryAfterDelay(of: response, now: now) == 60, "\(value)")
        }
        let capped = RetryPolicy(maximumRetryAfter: 5)
        let response = Response(status: .tooManyRequests, headerFields: [.retryAfter: "7"], url: url)
        #expect(capped.retryAfterDelay(of: response, now: now) == 5)
        let none = Response(status: .tooManyRequests, url: url)
        #expect(policy.retryAfterDelay(of: none, now: now) == nil)
    }

    @Test func defaultsAndNone() {
        let policy = RetryPolicy.default
        #expect(policy.maximumRetries == 2)
        #expect(policy.baseDelay == 0.5)
        #expect(policy.multiplier == 2)
        #expect(policy.maximumDelay == 30)
        #expect(policy.jitter == .full)
        #expect(RetryPolicy.none.maximumRetries == 0)
        #expect(RetryPolicy.retries(5).maximumRetries == 5)
        #expect(RetryPolicy(maximumRetries: -3).maximumRetries == 0)
        #expect(SessionConfiguration.ephemeral.retryPolicy.maximumRetries == 2)
        #expect(!SessionConfiguration.ephemeral.waitsForConnectivity)
    }
}
