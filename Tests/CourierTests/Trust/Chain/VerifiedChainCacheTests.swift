import Foundation
import Synchronization
import Testing

@testable import Courier

@Suite("VerifiedChainCache")
struct VerifiedChainCacheTests {
    /// A clock the test moves.
    final class MovableClock: Sendable {
        let time: Mutex<Date>

        init(_ time: Date) {
            self.time = Mutex(time)
        }

        func read() -> Date { time.withLock { $0 } }
        func set(_ date: Date) { time.withLock { $0 = date } }
    }

    @Test func anAcceptedChainIsRememberedPerHostAndOnlyWithinItsDates() async throws {
        let pki = try TestPKI()
        let cache = VerifiedChainCache()
        let clock = MovableClock(pki.now)
        let evaluator = CertificateChainEvaluator(roots: pki.anchorsOnly, cache: cache, now: { clock.read() })

        let first = try await evaluator.evaluate(pki.presented(), host: "localhost")
        #expect(cache.count == 1)
        let key = VerifiedChainCache.Key(host: "localhost", presented: pki.presented())
        #expect(cache.chain(for: key, at: pki.now)?.certificates.map(\.derBytes) == first.certificates.map(\.derBytes))
        _ = try await evaluator.evaluate(pki.presented(), host: "localhost")
        #expect(cache.count == 1)

        // Another host is evaluated afresh (and refused), not served from the cache.
        await #expect(throws: CertificateChainError.self) {
            try await evaluator.evaluate(pki.presented(), host: "other.example")
        }
        // Past the leaf's expiry the entry is not used: the evaluation runs and fails.
        clock.set(pki.now + 60 * TestPKI.day)
        #expect(cache.chain(for: key, at: clock.read()) == nil)
        let error = await #expect(throws: CertificateChainError.self) {
            try await evaluator.evaluate(pki.presented(), host: "localhost")
        }
        guard case .expired(0, "localhost", _, _) = error?.reason else {
            Issue.record("expected the leaf to be expired, got \(String(describing: error))")
            return
        }
    }

    @Test func aChainAcceptedBeforeIsAnsweredWithoutEvaluating() async throws {
        let pki = try TestPKI()
        let clock = MovableClock(pki.now)
        let evaluator = CertificateChainEvaluator(
            roots: pki.anchorsOnly, cache: VerifiedChainCache(), now: { clock.read() })
        let presented = [pki.leaf.nioCertificate, pki.intermediate.nioCertificate]
        #expect(evaluator.acceptedBefore(presented, host: "localhost") == nil)
        let accepted = try await evaluator.evaluate(presented, host: "localhost")
        let known = try #require(evaluator.acceptedBefore(presented, host: "localhost"))
        #expect(known.certificates.map(\.derBytes) == accepted.certificates.map(\.derBytes))
        // Not for another host, another chain, an empty one, nor past the leaf's expiry.
        #expect(evaluator.acceptedBefore(presented, host: "other.example") == nil)
        #expect(evaluator.acceptedBefore([pki.leaf.nioCertificate], host: "localhost") == nil)
        #expect(evaluator.acceptedBefore([], host: "localhost") == nil)
        clock.set(pki.now + 60 * TestPKI.day)
        #expect(evaluator.acceptedBefore(presented, host: "localhost") == nil)
        // An evaluator without a cache, or one that checks only pins, never answers early.
        let uncached = CertificateChainEvaluator(roots: pki.anchorsOnly, cache: nil, now: { pki.now })
        _ = try await uncached.evaluate(presented, host: "localhost")
        #expect(uncached.acceptedBefore(presented, host: "localhost") == nil)
        #expect(CertificateChainEvaluator(unverifiedWithPins: []).acceptedBefore(presented, host: "localhost") == nil)
    }

    @Test func failuresAreNotRemembered() async throws {
        let pki = try TestPKI()
        let other = try TestPKI(rootName: "Other Root", intermediateName: "Other Intermediate")
        let cache = VerifiedChainCache()
        let evaluator = CertificateChainEvaluator(roots: other.anchorsOnly, cache: cache, now: { pki.now })
        await #expect(throws: CertificateChainError.self) {
            try await evaluator.evaluate(pki.presented(), host: "localhost")
        }
        #expect(cache.count == 0)
    }

    @Test func theOldestEntryIsForgottenBeyondTheCapacity() async throws {
        let pki = try TestPKI()
        let cache = VerifiedChainCache(capacity: 2)
        let evaluator = CertificateChainEvaluator(roots: pki.anchorsOnly, cache: cache, now: { pki.now })
        for host in ["localhost", "127.0.0.1", "::1"] {
            _ = try await evaluator.evaluate(pki.presented(), host: host)
        }
        #expect(cache.count == 2)
        #expect(
            cache.chain(for: VerifiedChainCache.Key(host: "localhost", presented: pki.presented()), at: pki.now) == nil)
        #expect(cache.chain(for: VerifiedChainCache.Key(host: "::1", presented: pki.presented()), at: pki.now) != nil)
    }

    @Test func keysDoNotCollideByConcatenation() {
        let split = VerifiedChainCache.Key(host: "h", presented: [[1, 2], [3]])
        let joined = VerifiedChainCache.Key(host: "h", presented: [[1], [2, 3]])
        #expect(split != joined)
    }
}
