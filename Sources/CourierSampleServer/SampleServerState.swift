import CourierCertificates
import Foundation
import Synchronization

/// Everything the sample server remembers between requests: issued tokens, fault switches, rate-limit
/// windows, push registrations. One lock; every critical section is short and never awaits.
final class SampleServerState: Sendable {
    let configuration: SampleServerConfiguration
    /// The façade's client for its (simulated) upstreams.
    let upstream = UpstreamClient()
    private let storage: Mutex<Storage>

    struct Storage {
        var baseURL = URL(string: "http://127.0.0.1")!
        var credentials: ServerCredentials?
        var tokens: [String: String] = [:]
        var faults = Faults()
        var rateWindows: [String: RateWindow] = [:]
        var pushTokens: [String: [String]] = [:]
        var registeredDevices: [String: String] = [:]
        var uploadCounter = 0
        /// Seconds added to the wall clock (tests move the server's clock instead of waiting).
        var clockOffset: TimeInterval = 0
        /// The Digest nonces issued and not yet forgotten, with the nonce counts already used.
        var digestNonces: [String: DigestNonce] = [:]
        /// The device certificate authority used when TLS is off (made on first use).
        var deviceAuthority: CertificateAuthority?
        /// Counts every response of the `/cache/…` endpoints (so a test tells a cache hit from a fetch).
        var cacheCounter = 0
        /// Counts accepted banking transfers.
        var transferCounter = 0
    }

    /// A Digest nonce: when it was issued and which nonce counts (`nc`) have been used with it.
    struct DigestNonce {
        var issued: Date
        var usedCounts: Set<Int> = []
    }

    /// The switches `/faults/…` flips for tests.
    struct Faults {
        /// Seconds every request waits before it is answered.
        var delay: Double = 0
        /// How many 500s `/faults/500-then-ok` has served, per `key`.
        var failuresServed: [String: Int] = [:]
    }

    struct RateWindow {
        var start: Date
        var count: Int
    }

    init(configuration: SampleServerConfiguration) {
        self.configuration = configuration
        self.storage = Mutex(Storage())
    }

    func withStorage<T>(_ body: (inout Storage) throws -> T) rethrows -> T {
        try self.storage.withLock { try body(&$0) }
    }

    var baseURL: URL { self.withStorage { $0.baseURL } }
    var credentials: ServerCredentials? { self.withStorage { $0.credentials } }

    /// The server's clock: the wall clock plus ``Storage/clockOffset``.
    func now() -> Date { Date().addingTimeInterval(self.withStorage { $0.clockOffset }) }

    /// Moves the server's clock forward (tests: expire a Digest nonce, reach the next minute).
    func advanceClock(by seconds: TimeInterval) { self.withStorage { $0.clockOffset += seconds } }

    func setBaseURL(_ url: URL) { self.withStorage { $0.baseURL = url } }
    func setCredentials(_ credentials: ServerCredentials) { self.withStorage { $0.credentials = credentials } }

    /// Counts one request of `caller` against a one-minute window of `limit` requests; returns the seconds
    /// until the window resets when the caller is over the limit.
    func consumeRate(caller: String, limit: Int, now: Date = Date()) -> Int? {
        self.withStorage { storage in
            var window = storage.rateWindows[caller] ?? RateWindow(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= 60 {
                window = RateWindow(start: now, count: 0)
            }
            window.count += 1
            storage.rateWindows[caller] = window
            if window.count > limit {
                return max(1, Int((60 - now.timeIntervalSince(window.start)).rounded(.up)))
            }
            return nil
        }
    }
}
