import HTTPTypes
import NIOHTTP1
import Testing

@testable import Courier

@Suite struct HTTP1HeadConversionTests {
    static let common = [
        "Date", "Server", "Content-Type", "Content-Length", "Connection", "Last-Modified", "ETag", "Accept-Ranges",
        "Cache-Control", "Transfer-Encoding", "Content-Encoding", "Vary", "Expires", "Location", "Set-Cookie", "Age",
    ]

    /// The shortcut for common names gives exactly the name the general way gives, raw case included.
    @Test(arguments: common)
    func aCommonNameIsTheNameTheGeneralWayGives(name: String) throws {
        let shortcut = try #require(HTTP1HeadConversion.commonName(name))
        let general = try #require(HTTPField.Name(name))
        #expect(shortcut == general)
        #expect(shortcut.rawName == general.rawName)
        #expect(shortcut.canonicalName == general.canonicalName)
    }

    @Test func otherSpellingsKeepTheirCaseAndBadNamesAreRefused() throws {
        #expect(HTTP1HeadConversion.commonName("content-type") == nil)
        #expect(HTTP1HeadConversion.commonName("CONTENT-TYPE") == nil)
        let head = HTTPResponseHead(
            version: .http1_1, status: .ok,
            headers: ["Content-Type": "text/plain", "content-length": "5", "X-Trace": "abc", "ETag": "\"1\""])
        let response = try HTTP1HeadConversion.response(head, origin: "http://example.test")
        #expect(response.headerFields.map(\.name.rawName) == ["Content-Type", "content-length", "X-Trace", "ETag"])
        #expect(response.headerFields[.contentLength] == "5")
        #expect(response.headerFields[.eTag] == "\"1\"")
        let bad = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Bad Name": "x"])
        #expect(throws: HTTPEngineError.self) { try HTTP1HeadConversion.response(bad, origin: "http://example.test") }
    }
}
