import CourierServicesServer
import Synchronization
import Testing

@Suite("FacadeAggregator: per-source timeouts, failover, concurrent parts merged")
struct FacadeAggregatorTests {
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    struct NoSuchTicker: Error {}

    /// A source that never answers: it moves the clock past its own timeout, then waits for cancellation.
    static func slow<Value: Sendable>(_ name: String, timeout: Duration, clock: ManualClock) -> FacadeSource<Value> {
        FacadeSource(name: name, timeout: timeout) {
            clock.advance(by: timeout)
            try await waitUntilCancelled()
            throw CancellationError()
        }
    }

    @Test("a slow source times out and a failing one fails over, until one answers")
    func failover() async throws {
        let clock = ManualClock()
        let aggregator = FacadeAggregator(clock: clock)
        let sources: [FacadeSource<String>] = [
            Self.slow("yahoo", timeout: .seconds(5), clock: clock),
            FacadeSource(name: "csv", timeout: .seconds(5)) { throw Unreachable() },
            FacadeSource(name: "xml", timeout: .seconds(5)) { "530.12" },
        ]
        let answer = try await aggregator.firstAvailable(sources)
        #expect(answer.value == "530.12")
        #expect(answer.source == "xml")
        #expect(answer.failures.map(\.source) == ["yahoo", "csv"])
        #expect(answer.failures[0].isTimeout)
        #expect(answer.failures[0].description == "yahoo timed out after 5 seconds")
        #expect(answer.failures[1].description == "csv failed: connection refused")
    }

    @Test("no source answers: FacadeUnavailableError lists every failure")
    func unavailable() async throws {
        let clock = ManualClock()
        let aggregator = FacadeAggregator(clock: clock)
        let sources: [FacadeSource<Int>] = [
            Self.slow("a", timeout: .seconds(2), clock: clock),
            FacadeSource(name: "b", timeout: .seconds(2)) { throw Unreachable() },
        ]
        let error = await #expect(throws: FacadeUnavailableError.self) {
            try await aggregator.firstAvailable(sources)
        }
        #expect(error?.failures.count == 2)
        #expect(error?.description == "no source answered: a timed out after 2 seconds; b failed: connection refused")
        await #expect(throws: FacadeUnavailableError.self) {
            try await aggregator.firstAvailable([FacadeSource<Int>]())
        }
    }

    @Test("an error failover cannot cure ends the part at once and reaches the caller unchanged")
    func finalErrors() async throws {
        let asked = Meeting(expected: 1)
        let aggregator = FacadeAggregator(clock: ManualClock(), failsOver: { !($0 is NoSuchTicker) })
        let sources: [FacadeSource<Int>] = [
            FacadeSource(name: "csv", timeout: .seconds(1)) { throw NoSuchTicker() },
            FacadeSource(name: "xml", timeout: .seconds(1)) {
                await asked.arrive()
                return 1
            },
        ]
        await #expect(throws: NoSuchTicker.self) { try await aggregator.firstAvailable(sources) }
        #expect(asked.arrivals == 0, "the second source was not asked")
    }

    @Test("parts run concurrently: one slow part with a fallback, one failing part, merged into one contract")
    func gatherAndMerge() async throws {
        let clock = ManualClock()
        let aggregator = FacadeAggregator(clock: clock)
        // Each part waits until the other has started, so the test passes only if they run at once.
        let started = Meeting(expected: 2)
        let parts: [FacadePart<String>] = [
            FacadePart(
                name: "weather",
                sources: [
                    FacadeSource(name: "weather-a", timeout: .seconds(3)) {
                        await started.arrive()
                        clock.advance(by: .seconds(3))
                        try await waitUntilCancelled()
                        return "never"
                    },
                    FacadeSource(name: "weather-b", timeout: .seconds(3)) { "63°F" },
                ]),
            FacadePart(
                name: "quote",
                sources: [
                    // A long timeout: the other part's clock moves must not time this one out first.
                    FacadeSource(name: "csv", timeout: .seconds(600)) {
                        await started.arrive()
                        throw Unreachable()
                    }
                ]),
        ]
        let gathering = await aggregator.gather(parts)
        #expect(gathering["weather"] == "63°F")
        #expect(gathering.answers["weather"]?.source == "weather-b")
        #expect(gathering["quote"] == nil)
        let quoteFailure = try #require(gathering.failures["quote"] as? FacadeUnavailableError)
        #expect(quoteFailure.part == "quote")
        #expect(quoteFailure.description == "no source answered for quote: csv failed: connection refused")

        let merged = try await aggregator.gather(parts) { gathering in
            "weather \(gathering["weather"] ?? "unknown"), quote \(gathering["quote"] ?? "unavailable")"
        }
        #expect(merged == "weather 63°F, quote unavailable")
    }

    @Test("a source that ignores cancellation does not hold the answer past its timeout")
    func uncooperativeSource() async throws {
        let clock = ManualClock()
        let release = Meeting(expected: 2)
        let aggregator = FacadeAggregator(clock: clock)
        let sources: [FacadeSource<Int>] = [
            FacadeSource(name: "stubborn", timeout: .seconds(1)) {
                clock.advance(by: .seconds(1))
                await release.arrive()  // ignores cancellation: waits for the test, not for its task
                return 0
            },
            FacadeSource(name: "backup", timeout: .seconds(1)) { 42 },
        ]
        let answer = try await aggregator.firstAvailable(sources)
        #expect(answer.value == 42)
        await release.arrive()
    }
}

/// Waits until `expected` tasks have arrived, then lets them all go.
final class Meeting: Sendable {
    private let state: Mutex<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>
    private let expected: Int

    init(expected: Int) {
        self.expected = expected
        self.state = Mutex((0, []))
    }

    /// How many tasks have arrived so far.
    var arrivals: Int { self.state.withLock { $0.arrived } }

    func arrive() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let released = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived += 1
                state.waiting.append(continuation)
                if state.arrived >= self.expected {
                    defer { state.waiting = [] }
                    return state.waiting
                }
                return []
            }
            for waiter in released { waiter.resume() }
        }
    }
}
