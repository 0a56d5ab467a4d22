import CourierServices
import Foundation
import Testing

@Suite("ServiceDocument: parsing and lookups")
struct ServiceDocumentTests {
    /// Listing 2-6 of the book, with metadata on one entry.
    static let bookListing = """
        {"services":[
          {"name":"stockQuote","url":"http://example.com/api/stockQuote_v1.php","version":1},
          {"name":"stockQuote","url":"http://example.com/api/stockQuote_v2.php","version":2,
           "outputFormat":"json","securityLevel":"public","deviceClass":["phone","tablet"]},
          {"name":"weather","url":"http://example.com/api/weather_v1.php","version":1},
          {"name":"weather","url":"https://example.com/api/weather_v2.php","version":2}
        ]}
        """

    @Test("names match ignoring case, versions exactly; absent services are nil")
    func lookups() throws {
        let document = try ServiceDocument(parsing: Data(Self.bookListing.utf8))
        #expect(document.services.count == 4)
        #expect(
            document.url(for: "stockQuote", version: 1)?.absoluteString == "http://example.com/api/stockQuote_v1.php")
        #expect(
            document.url(for: "STOCKQUOTE", version: 2)?.absoluteString == "http://example.com/api/stockQuote_v2.php")
        #expect(document.url(for: "Weather", version: 2)?.absoluteString == "https://example.com/api/weather_v2.php")
        #expect(document.url(for: "weather", version: 3) == nil)
        #expect(document.url(for: "weather", version: 0) == nil)
        #expect(document.url(for: "news", version: 1) == nil)
        #expect(document.url(for: "", version: 1) == nil)
        #expect(document.versions(of: "WEATHER") == [1, 2])
        #expect(document.versions(of: "news").isEmpty)
    }

    @Test("metadata other than name, url and version is kept and readable")
    func metadata() throws {
        let document = try ServiceDocument(parsing: Data(Self.bookListing.utf8))
        let entry = try #require(document.entry(for: "stockquote", version: 2))
        #expect(entry.stringMetadata("outputFormat") == "json")
        #expect(entry.stringMetadata("securityLevel") == "public")
        #expect(entry.metadata["deviceClass"] == ["phone", "tablet"])
        #expect(entry.metadata["name"] == nil)
        #expect(document.entry(for: "weather", version: 1)?.metadata.isEmpty == true)
    }

    /// Malformed and partial documents: each is refused as a whole with a reason naming the problem.
    static let malformed: [(String, String)] = [
        ("", "not JSON"),
        ("{\"services\":[", "not JSON"),
        ("<services/>", "not JSON"),
        ("[]", "not a JSON object"),
        ("{}", "no \"services\" array"),
        ("{\"service\":[]}", "no \"services\" array"),
        ("{\"services\":{}}", "\"services\" is not an array"),
        ("{\"services\":[42]}", "service 1 is not an object"),
        ("{\"services\":[{\"url\":\"http://a.example/x\",\"version\":1}]}", "service 1 has no \"name\""),
        ("{\"services\":[{\"name\":\"\",\"url\":\"http://a.example/x\",\"version\":1}]}", "service 1 has no \"name\""),
        ("{\"services\":[{\"name\":7,\"url\":\"http://a.example/x\",\"version\":1}]}", "service 1 has no \"name\""),
        ("{\"services\":[{\"name\":\"weather\",\"version\":1}]}", "service 1 (weather) has no \"url\""),
        ("{\"services\":[{\"name\":\"weather\",\"url\":\"/api/weather\",\"version\":1}]}", "not an absolute http"),
        ("{\"services\":[{\"name\":\"weather\",\"url\":\"ftp://a.example/w\",\"version\":1}]}", "not an absolute http"),
        ("{\"services\":[{\"name\":\"weather\",\"url\":\"http://a.example/w\"}]}", "has no \"version\""),
        ("{\"services\":[{\"name\":\"weather\",\"url\":\"http://a.example/w\",\"version\":\"2\"}]}", "whole number"),
        ("{\"services\":[{\"name\":\"weather\",\"url\":\"http://a.example/w\",\"version\":1.5}]}", "whole number"),
        ("{\"services\":[{\"name\":\"weather\",\"url\":\"http://a.example/w\",\"version\":-1}]}", "whole number"),
        (
            "{\"services\":[{\"name\":\"weather\",\"url\":\"http://a.example/w\",\"version\":1},"
                + "{\"name\":\"Weather\",\"url\":\"http://b.example/w\",\"version\":1}]}",
            "service 2 repeats \"Weather\" version 1"
        ),
        (
            "{\"services\":[{\"name\":\"weather\",\"url\":\"http://a.example/w\",\"version\":1},{\"name\":\"quotes\"}]}",
            "service 2 (quotes) has no \"url\""
        ),
    ]

    @Test("malformed and partial documents are parse errors naming the problem", arguments: malformed)
    func malformedDocuments(document: String, reason: String) {
        let url = URL(string: "http://example.com/locator.json")!
        do {
            _ = try ServiceDocument(parsing: Data(document.utf8), url: url)
            Issue.record("\(document) was accepted")
        } catch let error as ServiceLocatorError {
            #expect(error.kind == .couldNotParse)
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(error.url == url)
            #expect(
                error.description.hasPrefix("could not parse the service locator http://example.com/locator.json: "))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("an empty services array is a valid document with no services")
    func emptyDocument() throws {
        let document = try ServiceDocument(parsing: Data("{\"services\":[]}".utf8))
        #expect(document.services.isEmpty)
        #expect(document.url(for: "weather", version: 1) == nil)
    }

    @Test("deeply nested metadata is refused, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let text = "{\"services\":[{\"name\":\"w\",\"url\":\"http://a.example/\",\"version\":1,\"x\":\(deep)}]}"
        #expect(throws: ServiceLocatorError.self) { try ServiceDocument(parsing: Data(text.utf8)) }
    }
}
