import CourierPayloads
import CourierTestSupport
import Testing

/// A seeded, bounded property test for the HTML side: mutants of real-looking pages (truncated,
/// bit-flipped, with tags, references and quotes inserted, deleted, duplicated or swapped) must each
/// tokenize, build a tree and answer selector queries without a crash or a hang, and the tree must
/// stay within its depth limit. (The XML parser's counterpart is ``XMLMutationTests``.)
@Suite struct HTMLMutationTests {
    static let seeds: [[UInt8]] = [
        """
        <!DOCTYPE html><html><head><title>T &amp; t</title><meta name="author" content="A">
        <style>p > a { color: red }</style><script>if (a < b) { document.write('</p>') }</script></head>
        <body class=main><div id=x><p class="cnn_storypgraphtxt">One &eacute; &#233; &#x1F600;<br>two
        <ul><li>a<li>b</ul><table><tr><td>1<td>2</table><img src=a.png alt='q "x"'><!-- c --></div></body></html>
        """,
        "<p>unclosed <b>bold <i>italic</p><p a=1 b c=\"3\" d='4'>x</p><select><option>1<option>2</select>",
        "<dl><dt>t<dd>d</dl><textarea>&lt;b&gt; <i></textarea><![CDATA[ raw ]]><?pi?></br></p>",
    ].map { Array($0.utf8) }

    static let fragments: [[UInt8]] = [
        "<", ">", "/", "&", ";", "\"", "'", "=", "<!--", "-->", "<p>", "</p>", "<div>", "</div>", "<li>", "<td>",
        "<script>", "</script>", "<style>", "&amp;", "&#", "&#x", "&#99999999999;", "&eacute", "<br/>", "<!DOCTYPE",
        "\u{0}", "\u{FFFD}", "<![CDATA[", " a=b", " class=", "\r\n",
    ].map { Array($0.utf8) }

    @Test(.ownThread) func mutantsTokenizeBuildAndQueryWithoutCrashingOrHanging() throws {
        var generator = SplitMix64(seed: 0x4854_4D4C)
        let selectors = ["p", "div p", "ul > li", ".cnn_storypgraphtxt", "#x", "[alt]", "[src=a.png]", "*"]
        for round in 0..<1_500 {
            var bytes = Self.seeds[Int(generator.next() % UInt64(Self.seeds.count))]
            for _ in 0...(generator.next() % 4) {
                Mutation.apply(
                    to: &bytes, fragments: Self.fragments, maximumDeletion: 8, maximumRepeat: 32,
                    using: &generator)
            }
            var tokenCount = 0
            for _ in HTMLTokenizer(bytes: bytes) {
                tokenCount += 1
                // More tokens than bytes would mean the tokenizer is not advancing.
                #expect(tokenCount <= bytes.count + 1)
                if tokenCount > bytes.count + 1 { break }
            }
            let document = HTMLDocument(bytes: bytes, maximumDepth: 32)
            let selector = selectors[round % selectors.count]
            let matches = try document.select(selector, classMatching: round % 2 == 0 ? .token : .containsIgnoringCase)
            #expect(matches.count <= document.elements.count)
            _ = document.meta(name: "author")
            _ = document.root.normalizedText
            for element in matches.prefix(3) {
                var level = 0
                var current = element.parent
                while let parent = current {
                    level += 1
                    current = parent.parent
                }
                #expect(level <= 33)
            }
        }
    }
}
