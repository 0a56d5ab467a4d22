import CourierPayloads
import Testing

/// A seeded, bounded property test: mutants of the corpus's well-formed documents (truncated,
/// bit-flipped, with markup characters or references inserted, deleted or swapped) must each end
/// in events or an ``XMLParseError`` — no crash, no hang — and give the same verdict when fed in
/// random chunks as when fed whole.
@Suite struct XMLMutationTests {
    static let markupFragments: [[UInt8]] = [
        "<", ">", "/", "&", ";", "\"", "'", "=", "]]>", "<!--", "-->", "<![CDATA[", "&amp;", "&#x0;", "&undefined;",
        "&#65;", "</a>", "<a>", "xmlns:p='u'", "p:", "\u{FEFF}", "\r\n", "\u{0}",
    ].map { Array($0.utf8) }

    @Test func mutantsEndInEventsOrAnErrorRegardlessOfChunking() {
        var generator = SplitMix64(seed: 0xC0_FFEE)
        let seeds = wellFormedCorpus.map(\.bytes)
        var errors = 0
        for _ in 0..<1_500 {
            var bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
            for _ in 0...(generator.next() % 3) { mutate(&bytes, using: &generator) }
            let whole = parse(bytes)
            var cuts: [Int] = []
            if !bytes.isEmpty {
                for _ in 0..<(generator.next() % 4) { cuts.append(Int(generator.next() % UInt64(bytes.count))) }
            }
            let chunked = parse(bytes, cuts: cuts.sorted())
            if whole.error == nil {
                #expect(chunked == whole, "mutant \(bytes) cut at \(cuts)")
            } else {
                errors += 1
                #expect(chunked.error == whole.error, "mutant \(bytes) cut at \(cuts)")
            }
        }
        // Most mutants must be malformed, or the mutations are not doing their job.
        #expect(errors > 750)
    }

    private func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
        guard !bytes.isEmpty else {
            bytes = Self.markupFragments[Int(generator.next() % UInt64(Self.markupFragments.count))]
            return
        }
        let index = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 6 {
        case 0:
            bytes.removeSubrange(index...)
        case 1:
            bytes[index] ^= UInt8(1) << UInt8(generator.next() % 8)
        case 2:
            let fragment = Self.markupFragments[Int(generator.next() % UInt64(Self.markupFragments.count))]
            bytes.insert(contentsOf: fragment, at: index)
        case 3:
            bytes.removeSubrange(index..<min(bytes.count, index + 1 + Int(generator.next() % 4)))
        case 4:
            let other = Int(generator.next() % UInt64(bytes.count))
            bytes.swapAt(index, other)
        default:
            let length = min(bytes.count - index, 1 + Int(generator.next() % 16))
            bytes.insert(contentsOf: bytes[index..<index + length], at: index)
        }
    }
}
