import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Request")
struct RequestTests {
    @Test func headerLookupIsCaseInsensitive() throws {
        var request = try Request("https://example.com/")
        try request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        #expect(request.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "CONTENT-TYPE") == "application/json")
    }

    @Test func addValueJoinsWithCommaSpace() throws {
        var request = try Request("https://example.com/")
        try request.addValue("en", forHTTPHeaderField: "Content-Language")
        try request.addValue("da", forHTTPHeaderField: "content-language")
        #expect(request.value(forHTTPHeaderField: "Content-Language") == "en, da")
        #expect(request.headerFields.count == 1)
    }

    @Test func setCookieIsNeverJoined() throws {
        var request = try Request("https://example.com/")
        try request.addValue("a=1", forHTTPHeaderField: "Set-Cookie")
        try request.addValue("b=2", forHTTPHeaderField: "Set-Cookie")
        #expect(request.headerFields.count == 2)
    }

    @Test func copiesAreIndependentValues() throws {
        var request = try Request("https://example.com/a")
        try request.setValue("one", forHTTPHeaderField: "X-Thing")
        let copy = request
        // Mutations change only the request written to, whether its storage is shared or not.
        request.url = URL(string: "https://example.com/b")!
        try request.setValue("two", forHTTPHeaderField: "X-Thing")
        request.method = .post
        var again = request
        again.timeout = 5
        #expect(copy.url.absoluteString == "https://example.com/a")
        #expect(copy.value(forHTTPHeaderField: "X-Thing") == "one")
        #expect(copy.method == .get)
        #expect(request.url.absoluteString == "https://example.com/b")
        #expect(request.value(forHTTPHeaderField: "X-Thing") == "two")
        #expect(request.timeout == nil)
        #expect(again.timeout == 5)
        #expect(again.method == .post)
    }

    @Test func setValueReplacesAndNilRemoves() throws {
        var request = try Request("https://example.com/")
        try request.setValue("one", forHTTPHeaderField: "X-Thing")
        try request.setValue("two", forHTTPHeaderField: "x-thing")
        #expect(request.value(forHTTPHeaderField: "X-Thing") == "two")
        try request.setValue(nil, forHTTPHeaderField: "X-Thing")
        #expect(request.value(forHTTPHeaderField: "X-Thing") == nil)
    }

    @Test(arguments: ["Bad Name", "Colon:Name", "", "Tab\tName", "Name\r\n"])
    func malformedFieldNamesAreRejected(name: String) throws {
        var request = try Request("https://example.com/")
        #expect(throws: CourierError.self) { try request.setValue("v", forHTTPHeaderField: name) }
        let error = try #require(throws: CourierError.self) { try request.addValue("v", forHTTPHeaderField: name) }
        #expect(error.code == .invalidHeaderField)
    }

    @Test(arguments: ["a\r\nX-Injected: 1", "line\nbreak", "carriage\rreturn", "nul\u{0}byte"])
    func valuesWithLineBreaksAreRejected(value: String) throws {
        var request = try Request("https://example.com/")
        let error = try #require(throws: CourierError.self) {
            try request.setValue(value, forHTTPHeaderField: "X-Value")
        }
        #expect(error.code == .invalidHeaderField)
        #expect(request.value(forHTTPHeaderField: "X-Value") == nil)
    }

    @Test func surroundingWhitespaceIsTrimmed() throws {
        var request = try Request("https://example.com/")
        try request.setValue("  padded\t", forHTTPHeaderField: "X-Pad")
        #expect(request.value(forHTTPHeaderField: "X-Pad") == "padded")
    }

    @Test(arguments: [
        ("example.com/path", "no scheme"),
        ("http://exa mple.com/", "space"),
        ("", "empty"),
        ("http:///path", "no host"),
        ("https://example.com/\u{7}", "control character"),
    ])
    func malformedURLStringsFailAtConstruction(input: String, reason: String) {
        let error = #expect(throws: CourierError.self, "\(reason)") { try Request(input) }
        #expect(error?.code == .badURL)
    }

    @Test func missingSchemeMessageSaysSo() {
        let error = #expect(throws: CourierError.self) { try Request("example.com/items") }
        #expect(error?.message.contains("no scheme") == true)
    }

    @Test func requestIsAValueType() throws {
        let original = try Request("https://example.com/a")
        var copy = original
        copy.url = URL(string: "https://example.com/b")!
        try copy.setValue("1", forHTTPHeaderField: "X-Copy")
        #expect(original.url.path == "/a")
        #expect(original.value(forHTTPHeaderField: "X-Copy") == nil)
    }

    @Test func defaultsMatchTheSpec() throws {
        let request = try Request("https://example.com/")
        #expect(request.method == .get)
        #expect(request.shouldHandleCookies)
        #expect(request.cachePolicy == nil)
        #expect(request.timeout == nil)
        #expect(request.priority == .default)
    }

    @Test func formBodyEscapesReservedCharacters() throws {
        let body = RequestBody.form([("user", "ann lee"), ("note", "a&b=c+d/e?f#g")])
        #expect(body.contentType == "application/x-www-form-urlencoded")
        let text = String(decoding: try #require(body.inMemoryData), as: UTF8.self)
        #expect(text == "user=ann%20lee&note=a%26b%3Dc%2Bd%2Fe%3Ff%23g")
    }

    @Test func bodiesKnowTheirLength() throws {
        #expect(RequestBody.empty.knownLength == 0)
        #expect(RequestBody.data(Data(count: 10)).knownLength == 10)
        #expect(RequestBody.data(Data(count: 10)).contentType == "application/octet-stream")
        #expect(
            RequestBody.stream(length: nil) { AsyncThrowingStream<Data, any Error> { $0.finish() } }.knownLength == nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-len-\(UUID()).json")
        try Data(count: 123).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(RequestBody.file(file).knownLength == 123)
        #expect(RequestBody.file(file).contentType == "application/json")
    }

    @Test func curlDescriptionRedactsSecrets() throws {
        var request = try Request("https://user:secret@example.com/items?q=1", method: .post)
        try request.setValue("Bearer abc123", forHTTPHeaderField: "Authorization")
        try request.setValue("session=xyz", forHTTPHeaderField: "Cookie")
        request.body = .text("it's here")
        let redacted = request.curlDescription()
        #expect(!redacted.contains("abc123"))
        #expect(!redacted.contains("xyz"))
        #expect(!redacted.contains("secret"))
        #expect(redacted.contains("-H 'Authorization: <redacted>'"))
        #expect(redacted.contains(#"--data-binary 'it'\''s here'"#))
        #expect(redacted.hasPrefix("curl 'https://user:redacted@example.com/items?q=1'"))
        let full = request.curlDescription(redactingSecrets: false)
        #expect(full.contains("Bearer abc123"))
        #expect(full.contains("user:secret@"))
    }
}
