import CourierPayloads
import Foundation

/// The HTML scraper on a generated page of about 5 MB: tokenize and build the tree, then run a
/// selector query and collect the text of what it matches — the book's article scraper at scale.
///
/// ```
/// swift run -c release CourierBenchmarks html [--megabytes 5] [--runs 7]
/// ```
///
/// The page is generated deterministically (the same bytes every run) with what real pages carry:
/// a head with meta tags, scripts and styles, unclosed `<p>` and `<li>`, unquoted attributes,
/// named and numeric references, tables and comments. The median of the runs is reported.
enum HTMLBenchmark {
    static func run(arguments: [String]) throws {
        var megabytes = 5
        var runs = 7
        if let index = arguments.firstIndex(of: "--megabytes"), index + 1 < arguments.count {
            megabytes = Int(arguments[index + 1]) ?? megabytes
        }
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count {
            runs = max(1, Int(arguments[index + 1]) ?? runs)
        }
        let page = makePage(bytes: megabytes * 1_000_000)
        print("HTML benchmark: a generated page of \(page.count / 1_000_000) MB, \(runs) runs, median reported")

        let clock = ContinuousClock()
        var parseTimes: [Duration] = []
        var queryTimes: [Duration] = []
        var elementCount = 0
        var paragraphs = 0
        var textBytes = 0
        for _ in 0..<runs {
            var document: HTMLDocument?
            parseTimes.append(clock.measure { document = HTMLDocument(bytes: page) })
            guard let document else { throw BenchmarkError("no document") }
            elementCount = document.elements.count
            try queryTimes.append(
                clock.measure {
                    let texts = try document.text(
                        of: "div.story p.cnn_storypgraphtxt", classMatching: .containsIgnoringCase)
                    paragraphs = texts.count
                    textBytes = texts.reduce(0) { $0 + $1.utf8.count }
                })
        }
        let parse = median(parseTimes)
        let query = median(queryTimes)
        print(
            "  parse (tokenize + tree): \(format(parse)) s, \(String(format: "%.1f", Double(page.count) / parse / 1e6)) MB/s, "
                + "\(elementCount) elements")
        print(
            "  query \"div.story p.cnn_storypgraphtxt\" + text: \(format(query)) s, \(paragraphs) paragraphs, "
                + "\(textBytes) text bytes")
        print(
            "  total: \(format(parse + query)) s, "
                + "\(String(format: "%.1f", Double(page.count) / (parse + query) / 1e6)) MB/s")
    }

    private static func median(_ times: [Duration]) -> Double {
        let seconds = times.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }.sorted()
        return seconds[seconds.count / 2]
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// A page of about `target` bytes, the same every time.
    static func makePage(bytes target: Int) -> [UInt8] {
        var page = Array(
            """
            <!DOCTYPE html>
            <html lang=en><head><meta charset=utf-8><title>Courier benchmark &amp; page</title>
            <meta name="keywords" content="benchmark, html, scraping"><meta name=author content="Courier">
            <style>.story p { margin: 0 } a > b { color: red }</style>
            <script>var x = "<p class='cnn_storypgraphtxt'>not a paragraph</p>"; if (a < b && c) {}</script>
            </head><body class=page>

            """.utf8)
        var section = 0
        while page.count < target {
            section += 1
            page.append(
                contentsOf: """
                    <div class="story section-\(section % 13)" id=s\(section) data-n=\(section)>
                    <h2>Section \(section) &mdash; caf&eacute; &#233; &#x1F600;</h2><!-- section \(section) -->
                    <p class="cnn_storypgraphtxt first">Paragraph one of \(section) with <a href="/a/\(section)?x=1&amp;y=2">a link</a>
                    and <b>bold <i>italic</b> text that is not closed properly.
                    <p class=cnn_storyPgraphTxt>Paragraph two &lt;escaped&gt; &quot;quoted&quot; &nbsp; more words here
                    <ul><li>item one<li>item two<li>item three with <img src=pic\(section).png alt="picture \(section)"></ul>
                    <table><tr><td>1<td>2<td>3<tr><td>4<td>5<td>6</table>
                    <p class="advert">An advert that the query must skip</p>
                    </div>

                    """.utf8)
        }
        page.append(contentsOf: "</body></html>\n".utf8)
        return page
    }
}
