import CourierTestSupport
import Testing

@testable import CourierPayloads

/// Input meant to crash, hang or exhaust the parser: each must end in a clear error (or a bounded,
/// safe result), quickly and in bounded memory.
@Suite struct XMLHostileInputTests {
    @Test func everyTruncationOfADocumentIsAnError() {
        let document = Array(
            """
            <?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x">]><r a="1" xmlns:p="urn:p"><p:b>t&e;&#65;\
            <![CDATA[c]]><!--c--><?pi d?></p:b></r>
            """.utf8)
        #expect(parse(document).error == nil)
        for length in 0..<document.count {
            let outcome = parse(Array(document[..<length]))
            #expect(
                outcome.error?.code == .unexpectedEndOfDocument || outcome.error?.code == .missingRootElement,
                "prefix of \(length) bytes: \(outcome)")
        }
    }

    @Test func billionLaughsStopsAtTheExpansionLimit() {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            let references = String(repeating: "&lol\(level - 1);", count: 10)
            declarations += "<!ENTITY lol\(level) \"\(references)\">"
        }
        let document = Array("<?xml version=\"1.0\"?><!DOCTYPE lolz [\(declarations)]><lolz>&lol9;</lolz>".utf8)
        let limits = XMLStreamParser.Limits(maximumEntityExpansionBytes: 20_000)
        let outcome = parse(document, limits: limits)
        #expect(outcome.error?.code == .entityExpansionLimitExceeded)
        #expect(outcome.events.allSatisfy { $0.count < 40_000 })
        // The same in an attribute value.
        let inAttribute = Array("<!DOCTYPE lolz [\(declarations)]><lolz a=\"&lol9;\"/>".utf8)
        #expect(parse(inAttribute, limits: limits).error?.code == .entityExpansionLimitExceeded)
    }

    @Test func quadraticBlowupIsBounded() {
        let big = String(repeating: "a", count: 50_000)
        let references = String(repeating: "&big;", count: 1_000)
        let document = Array("<!DOCTYPE r [<!ENTITY big \"\(big)\">]><r>\(references)</r>".utf8)
        #expect(parse(document).error?.code == .entityExpansionLimitExceeded)
    }

    @Test func entityNestingDepthIsLimited() {
        var declarations = "<!ENTITY e0 \"x\">"
        for level in 1...20 { declarations += "<!ENTITY e\(level) \"&e\(level - 1);\">" }
        let document = Array("<!DOCTYPE r [\(declarations)]><r>&e20;</r>".utf8)
        #expect(parse(document).error?.code == .entityExpansionLimitExceeded)
        #expect(parse(document, limits: .init(maximumEntityDepth: 32)).events.contains("t:x"))
    }

    @Test func externalEntitiesAreNeverFetched() {
        let classic = Array(
            "<!DOCTYPE foo [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><foo>&xxe;</foo>".utf8)
        let error = parse(classic).error
        #expect(error?.code == .externalEntityReference)
        #expect(error?.message.contains("never fetched") == true)
        let publicEntity = Array(
            "<!DOCTYPE foo [<!ENTITY xxe PUBLIC \"-//x//y\" \"http://127.0.0.1:1/x\">]><foo a=\"&xxe;\"/>".utf8)
        #expect(parse(publicEntity).error?.code == .externalEntityReference)
        let unparsed = Array(
            "<!DOCTYPE foo [<!NOTATION gif SYSTEM \"gif\"><!ENTITY pic SYSTEM \"p.gif\" NDATA gif>]><foo>&pic;</foo>"
                .utf8)
        #expect(parse(unparsed).error?.code == .externalEntityReference)
        // A parameter entity pointing outside is ignored, and so are the declarations after it.
        let parameter = Array(
            "<!DOCTYPE foo [<!ENTITY % ext SYSTEM \"http://127.0.0.1:1/evil.dtd\"> %ext; <!ENTITY later \"x\">]><foo>&later;</foo>"
                .utf8)
        #expect(parse(parameter).error?.code == .undefinedEntity)
        let externalSubset = Array("<!DOCTYPE foo SYSTEM \"http://127.0.0.1:1/foo.dtd\"><foo>ok</foo>".utf8)
        #expect(
            parse(externalSubset).events == [
                "start", "doctype foo - http://127.0.0.1:1/foo.dtd", "<foo>", "t:ok", "</foo>", "end",
            ])
    }

    @Test(.ownThread) func deepNestingIsAnErrorNotACrash() {
        let depth = 10_000
        let document = Array((String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)).utf8)
        let outcome = parse(document, cuts: [1000, 15_000])
        #expect(outcome.error?.code == .depthLimitExceeded)
        #expect(outcome.error?.column == 1024 * 3 + 1)
        let allowed = parse(document, limits: .init(maximumDepth: depth))
        #expect(allowed.error == nil)
        #expect(allowed.events.count == depth * 2 + 2)
    }

    @Test func attributeFloodsAreLimited() {
        let attributes = (0..<5_000).map { " a\($0)=\"v\"" }.joined()
        let flood = Array("<r\(attributes)/>".utf8)
        #expect(parse(flood).error?.code == .attributeLimitExceeded)
        let duplicates = (0..<500).map { " a\($0)=\"v\"" }.joined() + " a7=\"again\""
        #expect(parse(Array("<r\(duplicates)/>".utf8)).error?.code == .duplicateAttribute)
    }

    @Test func longNamesAndMarkupAreLimited() {
        let name = String(repeating: "n", count: 5_000)
        #expect(parse(Array("<\(name)/>".utf8)).error?.code == .nameLengthLimitExceeded)
        let comment = Array("<r><!--\(String(repeating: "c", count: 70_000))--></r>".utf8)
        let limits = XMLStreamParser.Limits(maximumMarkupLength: 65_536)
        #expect(parse(comment, cuts: [10_000, 40_000], limits: limits).error?.code == .markupLengthLimitExceeded)
    }

    @Test func anEndlessStartTagIsStoppedInBoundedMemory() throws {
        var parser = XMLStreamParser(limits: .init(maximumMarkupLength: 65_536))
        let chunk = Array(String(repeating: " x=\"y\"", count: 700).utf8)
        var caught: XMLParseError?
        do {
            try parser.feed(Array("<r".utf8)) { _ in }
            for _ in 0..<100 {
                try parser.feed(chunk) { _ in }
                #expect(parser.buffer.count <= 65_536 + chunk.count)
            }
        } catch let error as XMLParseError {
            caught = error
        }
        #expect(caught?.code == .markupLengthLimitExceeded)
    }

    @Test(.ownThread) func longTextStreamsInBoundedMemory() throws {
        var parser = XMLStreamParser()
        var textBytes = 0
        let chunk = Array(String(repeating: "text &amp; more ", count: 256).utf8)
        try parser.feed(Array("<r>".utf8)) { _ in }
        for _ in 0..<256 {
            try parser.feed(chunk) { event in
                if case .characters(let text) = event { textBytes += text.utf8.count }
            }
            #expect(parser.buffer.count < 64)
        }
        try parser.feed(Array("</r>".utf8)) { _ in }
        try parser.finish { _ in }
        #expect(textBytes == 256 * 256 * 12)
    }

    @Test func invalidUTF8AnywhereIsAnError() {
        let document = Array("<r a=\"é\">ü</r>".utf8)
        for index in document.indices {
            for bad: UInt8 in [0xFF, 0xFE, 0xC0, 0xF8] {
                var mutated = document
                mutated[index] = bad
                let outcome = parse(mutated)
                #expect(outcome.error != nil, "byte \(index) set to \(bad)")
            }
        }
    }

    @Test func oddUTF16IsAnError() {
        let truncated: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x72, 0x00, 0x2F, 0x00, 0x3E]
        #expect(parse(truncated).error?.code == .invalidEncoding)
        let unpaired: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x72, 0x00, 0x3E, 0x00, 0x00, 0xD8, 0x41, 0x00]
        #expect(parse(unpaired).error?.code == .invalidEncoding)
    }
}
