import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import Courier

@Suite("RequestBody.withUndeclaredLength", .timeLimit(.minutes(1)))
struct RequestBodyTests {
    static let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    /// The bytes a stream body produces.
    func collect(_ body: RequestBody) async throws -> Data {
        guard case .stream(_, let makeStream) = body.storage else {
            Issue.record("not a stream body")
            return Data()
        }
        var data = Data()
        for try await chunk in try makeStream() { data.append(chunk) }
        return data
    }

    @Test func dataFilesAndStreamsKeepTheirBytesWithoutALength() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID())")
        try Self.bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = MultipartForm()
        form.append("pen", name: "item")
        try form.appendFile(at: file, name: "attachment")

        let bodies: [RequestBody] = [.data(Self.bytes, contentType: "x/y"), .file(file), form.body]
        for body in bodies {
            let undeclared = body.withUndeclaredLength
            #expect(body.knownLength != nil)
            #expect(undeclared.knownLength == nil)
            #expect(undeclared.contentType == body.contentType)
            let expected = body.inMemoryData ?? (body.knownLength == Int64(Self.bytes.count) ? Self.bytes : nil)
            let sent = try await collect(undeclared)
            if let expected { #expect(sent == expected) }
            #expect(Int64(sent.count) == body.knownLength)
        }
        // Made anew for every send (a re-send after a redirect or a challenge).
        let again = RequestBody.data(Self.bytes).withUndeclaredLength
        #expect(try await collect(again) == Self.bytes)
        #expect(try await collect(again) == Self.bytes)
    }

    @Test func anEmptyBodyStaysEmpty() {
        #expect(RequestBody.empty.withUndeclaredLength.isEmpty)
        #expect(RequestBody.data(Data()).withUndeclaredLength.knownLength == 0)
    }

    @Test func aServerReceivesItChunked() async throws {
        let server = try await TestServer.start { request in
            .text(
                "\(request.headers[.transferEncoding] ?? "-") \(request.headers[.contentLength] ?? "-") \(request.body.count)"
            )
        }
        let session = Session(configuration: .ephemeral)
        var request = Request(url: server.url("/upload"), method: .post)
        request.body = RequestBody.data(Self.bytes).withUndeclaredLength
        let response = try await session.data(for: request)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
        #expect(response.text == "chunked - \(Self.bytes.count)")
    }
}
