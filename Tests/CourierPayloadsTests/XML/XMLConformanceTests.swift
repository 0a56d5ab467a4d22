import CourierPayloads
import CourierTestSupport
import Testing

@Suite struct XMLConformanceTests {
    @Test("Well-formed and malformed documents give the exact events or error", arguments: conformanceCorpus)
    func corpusDocument(_ document: XMLCorpusCase) {
        let outcome = parse(document.bytes)
        switch document.expectation {
        case .events(let expected):
            #expect(outcome.error == nil, "\(document.name)")
            #expect(outcome.events == expected, "\(document.name)")
        case .error(let code, let line, let column):
            #expect(outcome.error?.code == code, "\(document.name): \(outcome)")
            if let line { #expect(outcome.error?.line == line, "\(document.name): \(outcome)") }
            if let column { #expect(outcome.error?.column == column, "\(document.name): \(outcome)") }
        }
    }

    /// The incremental property: the events (and any error, with its position) do not depend on
    /// where the network split the document.
    @Test("Feeding in chunks gives the same result as feeding whole", .ownThread, arguments: conformanceCorpus)
    func splitAnywhere(_ document: XMLCorpusCase) {
        let bytes = document.bytes
        let whole = parse(bytes)
        var splits: [[Int]] = [Array(stride(from: 1, to: bytes.count, by: 1))]
        if bytes.count <= 160 {
            splits += (0...bytes.count).map { [$0] }
        } else {
            var generator = SplitMix64(seed: UInt64(bytes.count))
            for _ in 0..<64 {
                let first = Int(generator.next() % UInt64(bytes.count))
                let second = Int(generator.next() % UInt64(bytes.count))
                splits.append([min(first, second), max(first, second)])
            }
        }
        for cuts in splits {
            let chunked = parse(bytes, cuts: cuts)
            if document.isWellFormed {
                #expect(chunked == whole, "\(document.name) split at \(cuts.count > 2 ? "every byte" : "\(cuts)")")
            } else {
                #expect(
                    chunked.error == whole.error,
                    "\(document.name) split at \(cuts.count > 2 ? "every byte" : "\(cuts)")")
            }
        }
    }

    @Test func namespaceProcessingCanBeTurnedOff() {
        let outcome = parse(Array("<p:a xmlns:p=\"u\" p:x=\"1\"/>".utf8), processesNamespaces: false)
        #expect(outcome.error == nil)
        #expect(outcome.events == ["start", "<p:a xmlns:p=u p:x=1>", "</p:a>", "end"])
    }

    @Test func errorsDescribeThemselves() {
        let error = parse(Array("<a>\n<b></a>".utf8)).error
        #expect(
            error?.description == "XML error at line 2, column 4: the end tag </a> does not match <b> [mismatchedTag]")
    }

    @Test func aSpentParserRefusesMoreInput() throws {
        var parser = XMLStreamParser()
        try parser.feed(Array("<a/>".utf8)) { _ in }
        try parser.finish { _ in }
        #expect(throws: XMLParseError.self) { try parser.feed(Array("<b/>".utf8)) { _ in } }
        var failed = XMLStreamParser()
        #expect(throws: XMLParseError.self) { try failed.feed(Array("<a></b>".utf8)) { _ in } }
        #expect(throws: XMLParseError.self) { try failed.finish { _ in } }
    }

    @Test func handlerErrorsPassThrough() {
        struct Stop: Error {}
        var parser = XMLStreamParser()
        #expect(throws: Stop.self) {
            try parser.feed(Array("<a><b/></a>".utf8)) { event in
                if case .startElement(let name, _) = event, name.localName == "b" { throw Stop() }
            }
        }
    }
}
