import CourierCertificates
import CourierServicesServer
import Foundation
import Synchronization

/// Everything the sample server remembers between requests: issued tokens, fault switches, push
/// registrations (one lock; every critical section is short and never awaits), and the `/api/…` rate
/// limiter's token buckets (a lock of their own).
final class SampleServerState: Sendable {
    let configuration: SampleServerConfiguration
    /// The façade's client for its (simulated) upstreams.
    let upstream = UpstreamClient()
    /// The token buckets of `/api/…` callers.
    let rateLimiter = RateLimiter()
    private let storage: Mutex<Storage>

    struct Storage {
        var baseURL = URL(string: "http://127.0.0.1")!
        var credentials: ServerCredentials?
        var tokens: [String: String] = [:]
        var faults = Faults()
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
}
