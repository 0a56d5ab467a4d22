import Courier
import CourierServices
import Foundation
import Testing

@Suite("ServiceURL: service://name/version/path parsing and resolution")
struct ServiceURLTests {
    static let valid: [(String, String, Int, String, String?)] = [
        ("service://stockQuote/2/AAPL", "stockQuote", 2, "/AAPL", nil),
        ("service://weather/1", "weather", 1, "", nil),
        ("service://weather/1/", "weather", 1, "/", nil),
        ("SERVICE://weather/10/23219/forecast?days=3&units=f", "weather", 10, "/23219/forecast", "days=3&units=f"),
        ("service://news/0/search?q=caf%C3%A9%20cr%C3%A8me", "news", 0, "/search", "q=caf%C3%A9%20cr%C3%A8me"),
        ("service://weather/2/a%2Fb#top", "weather", 2, "/a%2Fb", nil),
    ]

    @Test("valid service URLs", arguments: valid)
    func parses(text: String, name: String, version: Int, path: String, query: String?) throws {
        let url = try ServiceURL(#require(URL(string: text)))
        #expect(url.name == name)
        #expect(url.version == version)
        #expect(url.path == path)
        #expect(url.query == query)
    }

    static let invalid: [(String, String)] = [
        ("https://weather/2/x", "the scheme is not service"),
        ("service:weather/2", "names no service"),
        ("service:///2/x", "names no service"),
        ("service://weather", "no version"),
        ("service://weather/", "no version"),
        ("service://weather//x", "no version"),
        ("service://weather/two/x", "\"two\" is not a whole number"),
        ("service://weather/-1/x", "is not a whole number"),
        ("service://weather/1.5/x", "is not a whole number"),
        ("service://weather/99999999999/x", "is not a whole number"),
        ("service://weather:8080/2/x", "no user, password or port"),
        ("service://me@weather/2/x", "no user, password or port"),
    ]

    @Test("malformed service URLs are badURL errors that were not sent", arguments: invalid)
    func refuses(text: String, reason: String) throws {
        let url = try #require(URL(string: text))
        let error = #expect(throws: CourierError.self) { try ServiceURL(url) }
        #expect(error?.code == .badURL)
        #expect(error?.outcome == .notSent)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test("resolution appends the path and query to the endpoint's and drops the fragment")
    func resolution() throws {
        let quote = ServiceURL(name: "stockQuote", version: 2, path: "/AAPL", query: "source=xml")
        let base = try #require(URL(string: "http://127.0.0.1:8080/api/2.0/stockquote"))
        #expect(
            try quote.resolved(against: base).absoluteString
                == "http://127.0.0.1:8080/api/2.0/stockquote/AAPL?source=xml")
        let slashed = try #require(URL(string: "https://api.example.com/v2/"))
        #expect(try quote.resolved(against: slashed).absoluteString == "https://api.example.com/v2/AAPL?source=xml")
        let withQuery = try #require(URL(string: "https://api.example.com/quote.php?key=k#frag"))
        #expect(
            try quote.resolved(against: withQuery).absoluteString
                == "https://api.example.com/quote.php/AAPL?key=k&source=xml")
        let bare = ServiceURL(name: "weather", version: 1)
        #expect(try bare.resolved(against: base).absoluteString == base.absoluteString)
        let encoded = try ServiceURL(#require(URL(string: "service://w/1/a%20b?q=%26")))
        #expect(try encoded.resolved(against: base).absoluteString == base.absoluteString + "/a%20b?q=%26")
    }

    @Test("a service URL round-trips through its URL form")
    func roundTrip() throws {
        let original = ServiceURL(name: "weather", version: 2, path: "23219", query: "units=f")
        #expect(original.path == "/23219")
        let url = try #require(original.url)
        #expect(url.absoluteString == "service://weather/2/23219?units=f")
        #expect(try ServiceURL(url) == original)
    }
}
