import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Response")
struct ResponseTests {
    func response(_ fields: HTTPFields, url: String = "https://example.com/files/report.pdf", status: Int = 200)
        -> Response
    {
        Response(status: HTTPResponse.Status(code: status), headerFields: fields, url: URL(string: url)!)
    }

    @Test func mimeTypeAndCharsetComeFromContentType() {
        let r = response([.contentType: "Text/HTML; Charset=\"UTF-8\"; q=1"])
        #expect(r.mimeType == "text/html")
        #expect(r.textEncodingName == "utf-8")
        #expect(response([:]).mimeType == nil)
    }

    @Test func expectedContentLength() {
        #expect(response([.contentLength: "42"]).expectedContentLength == 42)
        #expect(response([:]).expectedContentLength == nil)
        #expect(response([.contentLength: "-3"]).expectedContentLength == nil)
        #expect(response([.contentLength: "abc"]).expectedContentLength == nil)
    }

    @Test func repeatedFieldsReadJoined() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .cacheControl, value: "no-cache"))
        fields.append(HTTPField(name: .cacheControl, value: "max-age=0"))
        #expect(response(fields).value(forHTTPHeaderField: "cache-control") == "no-cache, max-age=0")
    }

    @Test(arguments: [
        ("attachment; filename=\"summary.txt\"", "summary.txt"),
        ("attachment; filename=../../etc/passwd", "passwd"),
        ("attachment; filename=\"..\\\\..\\\\boot.ini\"", "boot.ini"),
        ("attachment; filename=\"/abs/path/x.bin\"", "x.bin"),
        ("attachment; filename=\"..\"", "report.pdf"),
        ("attachment; filename=\".hidden\"", "hidden"),
        ("attachment; filename*=UTF-8''a%01b.txt", "ab.txt"),
        ("attachment; filename*=UTF-8''%E2%82%AC%20rates.txt; filename=\"rates.txt\"", "€ rates.txt"),
        ("attachment; filename*=iso-8859-1'en'%A3%20rates.txt", "£ rates.txt"),
        ("inline", "report.pdf"),
    ])
    func suggestedFilenameIsSanitized(disposition: String, expected: String) {
        let r = response([HTTPField.Name("Content-Disposition")!: disposition])
        #expect(r.suggestedFilename == expected)
    }

    @Test func suggestedFilenameFallsBackToHost() {
        #expect(response([:], url: "https://example.com/").suggestedFilename == "example.com")
    }

    @Test func statusDescriptions() {
        #expect(HTTPStatusText.description(for: 404) == "not found")
        #expect(HTTPStatusText.description(for: 599) == "server error")
        #expect(HTTPStatusText.description(for: 299) == "success")
        #expect(HTTPStatusText.description(for: 42) == "unknown status")
    }

    @Test func validateAcceptsTheDefaultRange() throws {
        try response([:], status: 204).validate(statusCode: 200..<300)
        let error = #expect(throws: CourierError.self) { try response([:], status: 404).validate() }
        #expect(error?.code == .unacceptableStatusCode)
        #expect(error?.kind == .http(status: 404))
        #expect(error?.outcome == .failed)
    }

    @Test func validateAcceptsExplicitSets() throws {
        try response([:], status: 304).validate(statusCode: [200, 304])
        #expect(throws: CourierError.self) { try response([:], status: 201).validate(statusCode: [200]) }
    }

    @Test func validateChecksContentTypes() throws {
        let json = response([.contentType: "application/json; charset=utf-8"])
        try json.validate(contentType: ["application/json"])
        try json.validate(contentType: ["application/*"])
        try json.validate(contentType: ["*/*"])
        let error = #expect(throws: CourierError.self) { try json.validate(contentType: ["text/html"]) }
        #expect(error?.code == .unacceptableContentType)
        #expect(error?.kind == .payload)
        // 204 has no payload, so no content type to check.
        try response([:], status: 204).validate(contentType: ["application/json"])
    }

    @Test func validateUsesTheRequestsAcceptHeader() throws {
        var request = try Request("https://example.com/")
        try request.setValue("application/json", forHTTPHeaderField: "Accept")
        var html = response([.contentType: "text/html"])
        html.request = request
        #expect(throws: CourierError.self) { try html.validate() }
    }

    @Test func textUsesTheCharset() {
        var latin = response([.contentType: "text/plain; charset=iso-8859-1"])
        latin.body = .data(Data([0x63, 0x61, 0x66, 0xE9]))
        #expect(latin.text == "café")
        var utf8 = response([.contentType: "text/plain"])
        utf8.body = .data(Data("café".utf8))
        #expect(utf8.text == "café")
    }

    @Test func decodeFailureIsAPayloadError() {
        var r = response([.contentType: "application/json"])
        r.body = .data(Data("{not json".utf8))
        let error = #expect(throws: CourierError.self) { try r.decode([String: Int].self) }
        #expect(error?.code == .cannotParseResponse)
        #expect(error?.kind == .payload)
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = response([.contentType: "text/plain"], status: 200)
        var copy = original
        copy.status = .notFound
        copy.body = .data(Data("changed".utf8))
        copy.headerFields[.server] = "courier"
        #expect(original.status == .ok)
        #expect(original.headerFields[.server] == nil)
        if case .none = original.body {} else { Issue.record("the original's body changed") }
        #expect(copy.status == .notFound)
        #expect(copy.headerFields[.server] == "courier")
        #expect(copy.data == Data("changed".utf8))
        // A value that holds its box alone is changed in place, and still reads back what was set.
        var alone = response([:])
        alone.url = URL(string: "https://example.com/other")!
        alone.status = .created
        #expect(alone.url.path == "/other")
        #expect(alone.status == .created)
    }
}
