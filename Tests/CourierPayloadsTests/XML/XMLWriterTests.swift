import CourierPayloads
import Testing

@Suite struct XMLWriterTests {
    @Test func writesCompactDocuments() throws {
        var writer = XMLWriter()
        try writer.writeDeclaration()
        try writer.startElement("articles", attributes: [.init("count", "2")])
        try writer.startElement("article")
        try writer.element("title", text: "Fish & <chips>")
        try writer.endElement()
        try writer.startElement("empty")
        try writer.endElement()
        try writer.endElement()
        #expect(writer.isComplete)
        #expect(
            writer.string
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><articles count=\"2\"><article><title>Fish &amp; &lt;chips&gt;"
                + "</title></article><empty/></articles>")
    }

    @Test func prettyPrintsWithoutTouchingText() throws {
        var writer = XMLWriter(indentation: "  ")
        try writer.writeDeclaration()
        try writer.startElement("rss")
        try writer.startElement("channel")
        try writer.comment(" items ")
        try writer.element("title", text: "A  spaced\ntitle")
        try writer.startElement("p")
        try writer.text("mixed ")
        try writer.element("b", text: "bold")
        try writer.text(" text")
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        #expect(
            writer.string == """
                <?xml version="1.0" encoding="UTF-8"?>
                <rss>
                  <channel>
                    <!-- items -->
                    <title>A  spaced
                title</title>
                    <p>mixed <b>bold</b> text</p>
                  </channel>
                </rss>
                """)
    }

    @Test func declaresAndReusesNamespaces() throws {
        var writer = XMLWriter()
        try writer.declareNamespace(prefix: "", uri: "http://www.w3.org/2005/Atom")
        try writer.startElement("feed")
        try writer.startElement(localName: "entry", namespaceURI: "http://www.w3.org/2005/Atom")
        try writer.startElement(
            localName: "origLink", namespaceURI: "http://rssnamespace.org/feedburner/ext/1.0",
            preferredPrefix: "feedburner")
        try writer.text("http://x/1")
        try writer.endElement()
        try writer.startElement(localName: "other", namespaceURI: "urn:other")
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        #expect(
            writer.string
                == "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><feedburner:origLink "
                + "xmlns:feedburner=\"http://rssnamespace.org/feedburner/ext/1.0\">http://x/1</feedburner:origLink>"
                + "<ns1:other xmlns:ns1=\"urn:other\"/></entry></feed>")
        let events = parse(writer.bytes).events
        #expect(events.contains("<feedburner:origLink@http://rssnamespace.org/feedburner/ext/1.0>"))
        #expect(events.contains("<ns1:other@urn:other>"))
    }

    @Test func escapedTextAndAttributesRoundTrip() throws {
        let awkward = "a & b < c > d \"q\" 'a' ]]> tab\tline\nreturn\r end \u{1F600}"
        var writer = XMLWriter()
        try writer.startElement("r", attributes: [.init("value", awkward)])
        try writer.text(awkward)
        try writer.cdata("x]]>y")
        try writer.endElement()
        let outcome = parse(writer.bytes)
        #expect(outcome.error == nil)
        #expect(
            outcome.events == ["start", "<r value=\(awkward)>", "t:\(awkward)", "cdata:x]]", "cdata:>y", "</r>", "end"])
    }

    @Test("Parse, write and parse again gives the same events", arguments: wellFormedCorpus)
    func corpusRoundTrip(_ document: XMLCorpusCase) throws {
        let events = try XMLStreamParser.events(in: document.bytes)
        for indentation in [nil, "  "] {
            var writer = XMLWriter(indentation: indentation)
            for event in events { try writer.write(event) }
            let reparsed = try XMLStreamParser.events(in: writer.bytes)
            if indentation == nil {
                // The declaration's encoding becomes UTF-8; nothing else changes.
                #expect(render(reparsed).dropFirst() == render(events).dropFirst(), "\(writer.string)")
            } else {
                let significant = { (events: [XMLEvent]) in
                    render(events).dropFirst().filter {
                        !$0.hasPrefix("t:") || !$0.dropFirst(2).allSatisfy(\.isWhitespace)
                    }
                }
                #expect(significant(reparsed) == significant(events), "\(writer.string)")
            }
        }
    }

    @Test func streamsOutWithTakeBytes() throws {
        var writer = XMLWriter()
        var output: [UInt8] = []
        try writer.startElement("r")
        for index in 0..<100 {
            try writer.element("i", text: "\(index)")
            output += writer.takeBytes()
        }
        try writer.endElement()
        output += writer.takeBytes()
        #expect(writer.bytes.isEmpty)
        #expect(parse(output).events.count == 2 + 2 + 300)
    }

    @Test func refusesWhatWouldNotParse() throws {
        var writer = XMLWriter()
        #expect(throws: XMLWriter.Error.self) { try writer.startElement("1bad") }
        #expect(throws: XMLWriter.Error.self) { try writer.endElement() }
        #expect(throws: XMLWriter.Error.self) { try writer.text("outside") }
        try writer.startElement("r")
        #expect(throws: XMLWriter.Error.self) { try writer.comment("a--b") }
        #expect(throws: XMLWriter.Error.self) { try writer.processingInstruction(target: "xml") }
        #expect(throws: XMLWriter.Error.self) { try writer.processingInstruction(target: "p", data: "?>") }
        #expect(throws: XMLWriter.Error.self) { try writer.text("nul \u{0}") }
        #expect(throws: XMLWriter.Error.self) {
            try writer.startElement("a", attributes: [.init("x", "1"), .init("x", "2")])
        }
        try writer.endElement()
        #expect(throws: XMLWriter.Error.self) { try writer.startElement("second") }
    }
}
