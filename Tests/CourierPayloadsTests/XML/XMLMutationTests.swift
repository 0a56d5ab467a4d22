import CourierPayloads
import CourierTestSupport
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

    @Test(.ownThread) func mutantsEndInEventsOrAnErrorRegardlessOfChunking() {
        var generator = SplitMix64(seed: 0xC0_FFEE)
        let seeds = wellFormedCorpus.map(\.bytes)
        var errors = 0
        for _ in 0..<1_500 {
            var bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
            for _ in 0...(generator.next() % 3) {
                Mutation.apply(
                    to: &bytes, fragments: Self.markupFragments, maximumDeletion: 4, maximumRepeat: 16,
                    using: &generator)
            }
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
}
