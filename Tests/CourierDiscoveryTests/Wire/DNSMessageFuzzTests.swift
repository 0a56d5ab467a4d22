import CourierTestSupport
import Testing

@testable import CourierDiscovery

/// A seeded mutation fuzzer: 100 000 datagrams derived from the fixtures by bit flips, truncation, pointer rewrites
/// and inflated counts. The decoder must return or throw — never crash or hang — and whatever it accepts must
/// encode and decode again.
@Suite struct DNSMessageFuzzTests {
    static let caseCount = 100_000

    @Test(.ownThread) func mutatedDatagramsNeverCrashTheDecoder() throws {
        let seeds =
            [
                Fixtures.browseQuery,
                Fixtures.kidsShoesAnnouncement,
                try Fixtures.fullResponse().encoded(),
                try Fixtures.probe().encoded(),
            ] + CapturedDatagrams.all.map(\.1)
        var generator = MDNSRandom(seed: 0x6D_444E_5300)
        var accepted = 0
        var rejected = 0
        for _ in 0..<Self.caseCount {
            var bytes = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
            let rounds = Int.random(in: 1...4, using: &generator)
            for _ in 0..<rounds {
                Self.mutate(&bytes, using: &generator)
            }
            do {
                let message = try DNSMessage(decoding: bytes)
                accepted += 1
                let again = try DNSMessage(decoding: try message.encoded())
                #expect(again.allRecords.count == message.allRecords.count)
            } catch is DNSDecodingError {
                rejected += 1
            }
        }
        #expect(accepted + rejected == Self.caseCount)
        // Both outcomes must occur, or the mutations are not reaching the interesting paths.
        #expect(accepted > 1000)
        #expect(rejected > 1000)
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
