import Courier
import Foundation
import Testing

@Suite("URL encoding")
struct URLEncodingTests {
    @Test(arguments: [
        ("a b", "a%20b"),
        ("fish & chips", "fish%20%26%20chips"),
        ("a=b", "a%3Db"),
        ("1+1", "1%2B1"),
        ("path/seg", "path%2Fseg"),
        ("what?", "what%3F"),
        ("#tag", "%23tag"),
        ("100%", "100%25"),
        ("unreserved-._~AZaz09", "unreserved-._~AZaz09"),
        ("é", "%C3%A9"),
        ("😀", "%F0%9F%98%80"),
    ])
    func componentEncoderEscapesEverythingButUnreserved(input: String, expected: String) {
        #expect(URLEncoding.encodeComponent(input) == expected)
        #expect(URLEncoding.decode(expected) == input)
    }

    @Test(arguments: [
        ("http://example.com/a b?q=x y&r=1#frag", "http://example.com/a%20b?q=x%20y&r=1#frag"),
        ("http://example.com/ok%20already", "http://example.com/ok%20already"),
        ("http://example.com/100%", "http://example.com/100%25"),
        ("http://example.com/<tag>\"q\"", "http://example.com/%3Ctag%3E%22q%22"),
        ("http://example.com/ünï", "http://example.com/%C3%BCn%C3%AF"),
    ])
    func wholeURLEncoderKeepsStructure(input: String, expected: String) {
        #expect(URLEncoding.encodeURL(input) == expected)
    }

    @Test func queryBuilderJoinsPairs() {
        #expect(
            URLEncoding.query([("q", "fish & chips"), ("page", "2"), ("flag", nil)])
                == "q=fish%20%26%20chips&page=2&flag")
        #expect(URLEncoding.query([]) == "")
    }

    @Test func appendingQueryKeepsExistingItems() throws {
        let url = try #require(URL(string: "https://example.com/search?lang=en"))
        let result = url.appendingQuery([("q", "a&b"), ("n", "1")])
        #expect(result.absoluteString == "https://example.com/search?lang=en&q=a%26b&n=1")
    }

    @Test func parseQueryDecodesPlusAndEscapes() {
        let pairs = URLEncoding.parseQuery("a=1+2&b=%26&c&d=%ZZ")
        #expect(pairs.map(\.0) == ["a", "b", "c", "d"])
        #expect(pairs.map(\.1) == ["1 2", "&", "", "%ZZ"])
    }

    @Test func malformedEscapesDecodeToNil() {
        #expect(URLEncoding.decode("%") == nil)
        #expect(URLEncoding.decode("%4") == nil)
        #expect(URLEncoding.decode("%GG") == nil)
        #expect(URLEncoding.decode("%FF") == nil)  // not UTF-8
    }

    @Test func randomStringsRoundTrip() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let length = Int.random(in: 0..<40, using: &generator)
            let scalars = (0..<length).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 1..<0x2000, using: &generator))
            }
            let string = String(String.UnicodeScalarView(scalars))
            let encoded = URLEncoding.encodeComponent(string)
            #expect(encoded.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "=") })
            #expect(URLEncoding.decode(encoded) == string)
        }
    }
}
