import CourierTestSupport
import Testing

@testable import CourierDiscovery

/// A seeded mutation fuzzer: datagrams derived from the fixtures by bit flips, truncation, pointer rewrites and
/// inflated counts. The decoder must return or throw — never crash or hang — and whatever it accepts must encode and
/// decode again.
///
/// `swift test` runs 100 000 cases. The reliability harness runs as many as `COURIER_RELIABILITY` says (never fewer
/// than 100 000), with the same seed, so its first 100 000 cases are the ones `swift test` runs, and reports the
/// slowest case, which must stay under a second:
///
///     COURIER_RELIABILITY=1000000 swift test --filter DNSMessageFuzzTests
@Suite struct DNSMessageFuzzTests {
    static let defaultCaseCount = 100_000
    static var caseCount: Int { max(defaultCaseCount, MutationFuzzer.configuredCount) }

    @Test(.ownThread) func mutatedDatagramsNeverCrashTheDecoder() throws {
        let seeds =
            [
                Fixtures.browseQuery,
                Fixtures.kidsShoesAnnouncement,
                try Fixtures.fullResponse().encoded(),
                try Fixtures.probe().encoded(),
            ] + CapturedDatagrams.all.map(\.1)
        var generator = MDNSRandom(seed: 0x6D_444E_5300)
        let caseCount = Self.caseCount
        let isReliabilityRun = MutationFuzzer.configuredCount > 0
        var report = MutationFuzzer.Report(name: "DNS message decoder")
        let clock = ContinuousClock()
        let started = clock.now
        var accepted = 0
        var rejected = 0
        for _ in 0..<caseCount {
            var bytes = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
            let rounds = Int.random(in: 1...4, using: &generator)
            for _ in 0..<rounds {
                Self.mutate(&bytes, using: &generator)
            }
            let before = clock.now
            do {
                let message = try DNSMessage(decoding: bytes)
                accepted += 1
                let again = try DNSMessage(decoding: try message.encoded())
                #expect(again.allRecords.count == message.allRecords.count)
            } catch is DNSDecodingError {
                rejected += 1
            }
            if isReliabilityRun {
                let seconds = MutationFuzzer.seconds(clock.now - before)
                report.slowestSeconds = max(report.slowestSeconds, seconds)
                if seconds > 1 { report.overOneSecond += 1 }
            }
        }
        #expect(accepted + rejected == caseCount)
        // Both outcomes must occur, or the mutations are not reaching the interesting paths.
        #expect(accepted > 1000)
        #expect(rejected > 1000)
        // Timing is judged only in the reliability harness; in `swift test` a loaded machine may stall any case.
        if isReliabilityRun {
            report.inputs = caseCount
            report.rejected = rejected
            report.elapsedSeconds = MutationFuzzer.seconds(clock.now - started)
            print("reliability: \(report) — peak RSS \(Int(MutationFuzzer.peakResidentMiB())) MiB")
            #expect(report.overOneSecond == 0)
        }
    }

    static func mutate(_ bytes: inout [UInt8], using generator: inout MDNSRandom) {
        guard bytes.isEmpty == false else {
            bytes = [UInt8](repeating: 0, count: 12)
            return
        }
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1:
            bytes.removeLast(Int.random(in: 0...min(bytes.count, 16), using: &generator))
        case 2:
            // Pointer rewrite: aim a two-byte pointer anywhere, forwards, backwards or at itself.
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            let target = UInt16.random(in: 0..<UInt16(min(bytes.count + 8, 0x3FFF)), using: &generator)
            bytes[index] = 0xC0 | UInt8(target >> 8)
            if index + 1 < bytes.count { bytes[index + 1] = UInt8(target & 0xFF) }
        case 3:
            // Inflated count in one of the four section counts.
            if bytes.count >= 12 {
                let field = 4 + 2 * Int.random(in: 0..<4, using: &generator)
                bytes[field] = UInt8.random(in: 0...255, using: &generator)
                bytes[field + 1] = UInt8.random(in: 0...255, using: &generator)
            }
        case 4:
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
        default:
            let index = Int.random(in: 0...bytes.count, using: &generator)
            let count = Int.random(in: 1...8, using: &generator)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: index)
        }
    }
}
