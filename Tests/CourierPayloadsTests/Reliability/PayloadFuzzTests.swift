import CourierPayloads
import CourierTestSupport
import Testing

/// The reliability harness's fuzzer for the payload parsers (run by hand: `COURIER_RELIABILITY=N`): XML fed
/// whole and in chunks, and HTML tokenized, built into a tree and queried. See docs/RELIABILITY.md.
@Suite(
    "Reliability: payload parser fuzzing", .ownThread,
    .enabled(if: MutationFuzzer.configuredCount > 0, "set COURIER_RELIABILITY=N to run"))
struct PayloadFuzzTests {
    static let count = MutationFuzzer.configuredCount

    func check(_ report: MutationFuzzer.Report) {
        print("reliability: \(report) — peak RSS \(Int(MutationFuzzer.peakResidentMiB())) MiB")
        #expect(report.overOneSecond == 0)
        #expect(MutationFuzzer.peakResidentMiB() < 256)
    }

    @Test func xml() {
        var fuzzer = MutationFuzzer(seed: 21)
        let samples = wellFormedCorpus.map(\.bytes)
        check(
            fuzzer.run("XML (streaming parser, whole and in two chunks)", samples: samples, count: Self.count) {
                bytes in
                _ = parse(bytes)
                if bytes.count > 1 { _ = parse(bytes, cuts: [bytes.count / 2]) }
            })
    }

    @Test func html() throws {
        var fuzzer = MutationFuzzer(seed: 22)
        check(
            fuzzer.run("HTML (tokenizer, tree, selectors)", samples: HTMLMutationTests.seeds, count: Self.count) {
                bytes in
                for _ in HTMLTokenizer(bytes: bytes) {}
                let document = HTMLDocument(bytes: bytes, maximumDepth: 32)
                _ = try document.select("div p", classMatching: .token)
                _ = document.root.normalizedText
            })
    }
}
