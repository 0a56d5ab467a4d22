import CourierPayloads
import Foundation
import Testing

@Suite struct ArticleShareDocumentTests {
    static let document = ArticleShareDocument(articles: [
        .init(["title": "Rain & \"wind\"", "author": "Ann", "url": "http://x.test/a?b=1&c=2"]),
        .init(["title": "Sun <strong>", "body": "line 1\nline 2\ttab é"]),
    ])

    @Test func writesTheExactJSON() {
        let json = String(decoding: Self.document.jsonData(), as: UTF8.self)
        #expect(
            json
                == #"{"articles":[{"title":"Rain & \"wind\"","author":"Ann","url":"http://x.test/a?b=1&c=2"},"#
                + #"{"title":"Sun <strong>","body":"line 1\nline 2\ttab é"}]}"#)
        #expect(String(decoding: ArticleShareDocument(articles: []).jsonData(), as: UTF8.self) == #"{"articles":[]}"#)
    }

    @Test func writesTheExactXML() throws {
        let xml = String(decoding: try Self.document.xmlData(), as: UTF8.self)
        #expect(
            xml
                == #"<?xml version="1.0" encoding="UTF-8"?><articles><article><title>Rain &amp; "wind"</title>"#
                + #"<author>Ann</author><url>http://x.test/a?b=1&amp;c=2</url></article><article>"#
                + "<title>Sun &lt;strong&gt;</title><body>line 1\nline 2\ttab é</body></article></articles>")
        #expect(
            String(decoding: try ArticleShareDocument(articles: []).xmlData(), as: UTF8.self)
                == #"<?xml version="1.0" encoding="UTF-8"?><articles/>"#)
    }

    @Test func parsesBothFormsBack() throws {
        #expect(try ArticleShareDocument(json: Self.document.jsonData()) == Self.document)
        #expect(try ArticleShareDocument(xml: Self.document.xmlData()) == Self.document)
        #expect(
            try ArticleShareDocument(json: Array(#"{"articles":[{"n":1.5,"ok":true}]}"#.utf8)).articles[0]["n"] == "1.5"
        )
        let counted = try ArticleShareDocument(json: Array(#"{"articles":[{},{},{}]}"#.utf8))
        #expect(counted.articles.count == 3)
    }

    @Test func rejectsOtherShapes() {
        #expect(throws: ArticleShareDocument.Error.self) {
            try ArticleShareDocument(json: Array(#"{"items":[]}"#.utf8))
        }
        #expect(throws: ArticleShareDocument.Error.self) {
            try ArticleShareDocument(json: Array(#"{"articles":[1]}"#.utf8))
        }
        #expect(throws: ArticleShareDocument.Error.self) {
            try ArticleShareDocument(json: Array(#"{"articles":[{"a":[1]}]}"#.utf8))
        }
        #expect(throws: ArticleShareDocument.Error.self) { try ArticleShareDocument(xml: Array("<items/>".utf8)) }
        #expect(throws: XMLParseError.self) { try ArticleShareDocument(xml: Array("<articles><article>".utf8)) }
        #expect(throws: XMLWriter.Error.self) {
            try ArticleShareDocument(articles: [.init(["bad key": "v"])]).xmlData()
        }
    }
}
