import Foundation
import HTTPTypes

/// When and how a session sends a failed request again (``SessionConfiguration/retryPolicy``).
///
/// Only requests that are safe to repeat are retried: idempotent methods (`GET`, `HEAD`, `OPTIONS`,
/// `PUT`, `DELETE`, `TRACE`) and requests carrying an `Idempotency-Key` header. A `POST` without a key is
/// never sent twice, so a timeout after it was sent stays what it is — an ``CourierError/Outcome/ambiguous``
/// failure the caller must resolve (the book's "error statuses lie").
///
/// Retried: the codes `timedOut`, `cannotConnectToHost`, `networkConnectionLost` and
/// `notConnectedToInternet` (the last only once reachability reports the network back), and the
/// statuses 408, 429, 500, 502, 503 and 504. The wait before retry *n* is exponential with full jitter —
/// a random time between 0 and `min(maximumDelay, baseDelay × multiplier^(n-1))` — unless the response
/// says `Retry-After` (seconds or an HTTP-date), which is honoured up to ``maximumRetryAfter``.
/// Retries never outlast the task's resource timeout, and each one is counted in
/// ``TaskMetrics/retryCount``.
///
/// ```swift
/// var configuration = SessionConfiguration.default
/// configuration.retryPolicy = RetryPolicy(maximumRetries: 4, baseDelay: 0.25)
/// configuration.retryPolicy = .none  // never retry
/// ```
public struct RetryPolicy: Sendable {
    /// How the backoff delay is randomized.
    public enum Jitter: Hashable, Sendable {
        /// The computed delay exactly (predictable, but clients retry in lockstep).
        case none
        /// A uniformly random delay between zero and the computed delay ("full jitter").
        case full
    }

    /// The most times one request is sent again (default 2; 0 turns retries off).
    public var maximumRetries: Int
    /// The backoff before the first retry, before jitter (default 0.5 s).
    public var baseDelay: TimeInterval
    /// How much the backoff grows with each retry (default 2).
    public var multiplier: Double
    /// The longest backoff, before jitter (default 30 s).
    public var maximumDelay: TimeInterval
    /// How the backoff is randomized (default ``Jitter/full``).
    public var jitter: Jitter
    /// The longest wait a `Retry-After` header can ask for; longer values are cut to this (default 60 s).
    public var maximumRetryAfter: TimeInterval
    /// The methods that are safe to repeat.
    public var idempotentMethods: Set<HTTPRequest.Method>
    /// The error codes worth another attempt.
    public var retryableCodes: Set<CourierError.Code>
    /// The response statuses worth another attempt.
    public var retryableStatusCodes: Set<Int>
    /// Tells the time and waits; replace it in tests so nothing really sleeps.
    public var clock: any RetryClock
    /// Called right before each retry's wait (for logs and the CLI's notes); runs on the task's thread, keep
    /// it short.
    public var onRetry: (@Sendable (RetryAttempt) -> Void)?

    /// The failures that say the network could not be reached or went away, rather than anything about the
    /// request or the server's answer: the host could not be found or connected to, the connection was lost,
    /// nothing answered in time, or there is no network. A new attempt can succeed once connectivity is back.
    /// The default ``retryableCodes`` are these without the name lookup failures; a download keeps its bytes
    /// for resuming after any of them; the command line offers to try again after them.
    public static let connectivityCodes: Set<CourierError.Code> = [
        .timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost,
        .dnsLookupFailed,
    ]

    /// Whether `error` is one of the ``connectivityCodes``.
    public static func isConnectivityFailure(_ error: CourierError) -> Bool {
        connectivityCodes.contains(error.code)
    }

    /// The header that marks a non-idempotent request as safe to repeat.
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    /// Creates a policy; every parameter defaults to the values described on the type.
    public init(
        maximumRetries: Int = 2,
        baseDelay: TimeInterval = 0.5,
        multiplier: Double = 2,
        maximumDelay: TimeInterval = 30,
        jitter: Jitter = .full,
        maximumRetryAfter: TimeInterval = 60,
        idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .put, .delete, .trace],
        retryableCodes: Set<CourierError.Code> = RetryPolicy.connectivityCodes.subtracting([
            .cannotFindHost, .dnsLookupFailed,
        ]),
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        clock: any RetryClock = SystemRetryClock(),
        onRetry: (@Sendable (RetryAttempt) -> Void)? = nil
    ) {
        self.maximumRetries = max(0, maximumRetries)
        self.baseDelay = max(0, baseDelay)
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(0, maximumDelay)
        self.jitter = jitter
        self.maximumRetryAfter = max(0, maximumRetryAfter)
        self.idempotentMethods = idempotentMethods
        self.retryableCodes = retryableCodes
        self.retryableStatusCodes = retryableStatusCodes
        self.clock = clock
        self.onRetry = onRetry
    }

    /// Two retries, 0.5 s base, factor 2, at most 30 s, full jitter, `Retry-After` up to 60 s.
    public static var `default`: RetryPolicy { RetryPolicy() }

    /// Never retries.
    public static var none: RetryPolicy { RetryPolicy(maximumRetries: 0) }

    /// The default policy with `count` retries.
    public static func retries(_ count: Int) -> RetryPolicy { RetryPolicy(maximumRetries: count) }

    // MARK: Decisions

    /// Whether sending `request` twice cannot do harm: an idempotent method, or an `Idempotency-Key`.
    public func isSafeToRetry(_ request: Request) -> Bool {
        if idempotentMethods.contains(request.method) { return true }
        if let key = request.headerFields[Self.idempotencyKey], !key.isEmpty { return true }
        return false
    }

    /// Whether `error` is worth another attempt of `request`. An ambiguous failure of a request that is not
    /// safe to repeat never is.
    public func shouldRetry(_ request: Request, after error: CourierError) -> Bool {
        guard isSafeToRetry(request) else { return false }
        if error.code == .cancelled { return false }
        if case .http(let status) = error.kind { return retryableStatusCodes.contains(status) }
        return retryableCodes.contains(error.code)
    }

    /// Whether a response with `status` to `request` is worth another attempt.
    public func shouldRetry(_ request: Request, status: Int) -> Bool {
        isSafeToRetry(request) && retryableStatusCodes.contains(status)
    }

    /// The backoff before retry number `retry` (1 for the first), jittered with `generator`.
    public func backoffDelay(forRetry retry: Int, using generator: inout some RandomNumberGenerator) -> TimeInterval {
        let exponent = Double(max(0, retry - 1))
        let raw = baseDelay * pow(multiplier, exponent)
        let capped = raw.isFinite ? min(raw, maximumDelay) : maximumDelay
        guard capped > 0 else { return 0 }
        switch jitter {
        case .none: return capped
        case .full: return Double.random(in: 0...capped, using: &generator)
        }
    }

    /// The backoff before retry number `retry`, with the system's random numbers.
    public func backoffDelay(forRetry retry: Int) -> TimeInterval {
        var generator = SystemRandomNumberGenerator()
        return backoffDelay(forRetry: retry, using: &generator)
    }

    /// The wait a response asks for with `Retry-After`, capped at ``maximumRetryAfter``; `nil` when the
    /// response has no usable `Retry-After`.
    public func retryAfterDelay(of response: Response, now: Date) -> TimeInterval? {
        guard let value = response.headerFields.joinedValue(for: .retryAfter) else { return nil }
        guard let delay = Self.parseRetryAfter(value, now: now) else { return nil }
        return min(delay, maximumRetryAfter)
    }

    /// Parses a `Retry-After` value (RFC 9110 section 10.2.3): delay seconds, or an HTTP-date (the IMF
    /// fixdate form, and the obsolete RFC 850 and asctime forms). A date in the past means no wait.
    /// Returns `nil` for anything else, and for negative numbers.
    public static func parseRetryAfter(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingOWS()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Any number of digits: a huge value is simply very long (it gets capped), never an overflow.
            return Double(trimmed) ?? .greatestFiniteMagnitude
        }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// What a retry is about to do, for ``RetryPolicy/onRetry``.
public struct RetryAttempt: Sendable {
    /// Why the previous attempt did not do.
    public enum Reason: Sendable {
        /// It failed with this error.
        case error(CourierError)
        /// The server answered with this retryable status.
        case status(Int)
    }

    /// Which retry this is (1 for the first).
    public var retry: Int
    /// The policy's maximum.
    public var maximumRetries: Int
    /// The request about to be sent again.
    public var request: Request
    /// Why.
    public var reason: Reason
    /// How long the session waits first, in seconds.
    public var delay: TimeInterval
}

/// Tells the time and waits, for the retry policy; tests replace the system clock with one that does not
/// really sleep (`TestRetryClock` in CourierTesting).
public protocol RetryClock: Sendable {
    /// The current wall-clock time (to read `Retry-After` dates).
    var now: Date { get }
    /// Waits `seconds`.
    /// - Throws: `CancellationError` when the task is cancelled meanwhile.
    func sleep(for seconds: TimeInterval) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemRetryClock: RetryClock {
    /// Creates the system clock.
    public init() {}

    /// The current date.
    public var now: Date { Date() }

    /// Sleeps for `seconds` with `Task.sleep`; returns at once for zero or less.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(nanoseconds: Watchdog.nanoseconds(seconds))
    }
}
