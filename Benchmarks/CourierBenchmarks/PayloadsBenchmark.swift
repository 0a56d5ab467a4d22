import CourierPayloads
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `XMLStreamParser` against Foundation's `XMLParser` (libxml2 on Linux) on a generated RSS document
/// (the issue's target: at least as fast, peak memory independent of the document's size).
///
/// ```
/// swift run -c release CourierBenchmarks payloads [--megabytes 50]
/// ```
///
/// The document is written to a temporary file; both parsers read it as a stream of 64 KiB chunks
/// and count elements and text bytes. Courier runs first, so Foundation's peak is measured on top of
/// Courier's; the extra peak is the high-water mark above the resident size before each run.
enum PayloadsBenchmark {
    static func run(arguments: [String]) async throws {
        var megabytes = 50
        if let index = arguments.firstIndex(of: "--megabytes"), index + 1 < arguments.count {
            megabytes = Int(arguments[index + 1]) ?? megabytes
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(getpid()).rss").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = try writeFeed(to: path, bytes: megabytes * 1_000_000)
        print("XML benchmark: a generated RSS document of \(size / 1_000_000) MB, read in 64 KiB chunks")

        let before = CacheBenchmark.memoryStatus()
        let clock = ContinuousClock()
        var elements = 0
        var textBytes = 0
        let courierTime = try clock.measure {
            var parser = XMLStreamParser()
            guard let file = FileHandle(forReadingAtPath: path) else { throw BenchmarkError("cannot read \(path)") }
            defer { try? file.close() }
            while let chunk = try file.read(upToCount: 65_536), !chunk.isEmpty {
                try parser.feed(chunk) { event in
                    switch event {
                    case .startElement: elements += 1
                    case .characters(let text): textBytes += text.utf8.count
                    default: break
                    }
                }
            }
            try parser.finish { _ in }
        }
        let afterCourier = CacheBenchmark.memoryStatus()
        report(
            "XMLStreamParser", size: size, time: courierTime, elements: elements, textBytes: textBytes,
            extraPeak: afterCourier.highWater - before.resident)

        #if canImport(FoundationXML)
            let counter = FoundationCounter()
            let beforeFoundation = CacheBenchmark.memoryStatus()
            let foundationTime = try clock.measure {
                guard let stream = InputStream(fileAtPath: path) else { throw BenchmarkError("cannot read \(path)") }
                let parser = XMLParser(stream: stream)
                parser.shouldProcessNamespaces = true
                parser.delegate = counter
                guard parser.parse() else {
                    throw BenchmarkError("XMLParser failed: \(String(describing: parser.parserError))")
                }
            }
            let afterFoundation = CacheBenchmark.memoryStatus()
            report(
                "Foundation XMLParser", size: size, time: foundationTime, elements: counter.elements,
                textBytes: counter.textBytes, extraPeak: afterFoundation.highWater - beforeFoundation.resident)
            print(
                "XMLStreamParser / XMLParser throughput: "
                    + String(format: "%.2fx", foundationTime / courierTime))
        #endif
    }

    private static func report(_ name: String, size: Int, time: Duration, elements: Int, textBytes: Int, extraPeak: Int)
    {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        print(
            "  \(name): \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", Double(size) / seconds / 1e6)) MB/s, "
                + "\(elements) elements, \(textBytes) text bytes, extra peak RSS \(extraPeak / 1024) MiB")
    }

    /// Writes an RSS 2.0 channel with enough items to reach `bytes`, without holding it in memory.
    private static func writeFeed(to path: String, bytes target: Int) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError("cannot create \(path)") }
        defer { try? file.close() }
        var written = 0
        func write(_ text: String) throws {
            let data = Data(text.utf8)
            try file.write(contentsOf: data)
            written += data.count
        }
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Courier benchmark feed</title>
            """)
        var item = 0
        var block = ""
        while written < target {
            item += 1
            block += """
                <item><title>Item \(item): networking &amp; parsing at scale</title>\
                <link>https://example.com/articles/\(item)</link>\
                <description><![CDATA[<p>Paragraph \(item) with <b>markup</b> inside CDATA.</p>]]> and text with \
                entities &lt;b&gt; &#169; &#x2014; caf\u{e9} na\u{ef}ve \u{65e5}\u{672c}</description>\
                <pubDate>Sun, 22 Nov 2026 12:\(String(format: "%02d", item % 60)):00 GMT</pubDate>\
                <dc:creator>Author \(item % 97)</dc:creator>\
                <feedburner:origLink>https://example.com/orig/\(item)</feedburner:origLink>\
                <enclosure url="https://example.com/media/\(item).mp3" length="\(item * 1000)" type="audio/mpeg"/>\
                <guid isPermaLink="false">tag:example.com,2026:\(item)</guid></item>

                """
            if block.utf8.count > 1 << 20 {
                try write(block)
                block = ""
            }
        }
        try write(block + "</channel></rss>\n")
        return written
    }
}

#if canImport(FoundationXML)
    private final class FoundationCounter: NSObject, XMLParserDelegate {
        var elements = 0
        var textBytes = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements += 1
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            textBytes += string.utf8.count
        }
    }
#endif
