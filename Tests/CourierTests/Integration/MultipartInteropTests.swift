import Courier
import Foundation
import Testing

/// Courier's multipart bodies parsed by real peers: httpbin's `/post` and a small Flask/Werkzeug endpoint
/// (`.ci/interop/upload_server.py`) that answers with the SHA-256 of every file it received. Both are
/// started by `.ci/interop/run.sh` (`COURIER_HTTPBIN_URL`, `COURIER_UPLOAD_URL`). Skipped unless
/// `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct MultipartInteropTests {
    var httpbinURL: String { ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] ?? "http://127.0.0.1:1" }
    var uploadURL: String { ProcessInfo.processInfo.environment["COURIER_UPLOAD_URL"] ?? "http://127.0.0.1:1" }

    /// What the upload endpoint answers.
    struct UploadReport: Decodable {
        struct File: Decodable, Equatable {
            var name: String
            var filename: String
            var content_type: String
            var size: Int64
            var sha256: String
        }
        var fields: [[String]]
        var files: [File]
        var content_length: Int64?
    }

    func withSession(_ body: (Session) async throws -> Void) async throws {
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        let session = Session(configuration: configuration)
        do {
            try await body(session)
            await session.finishTasksAndInvalidate()
        } catch {
            await session.invalidateAndCancel()
            throw error
        }
    }

    func post(_ form: MultipartForm, to url: String, session: Session) async throws -> Response {
        var request = try Request(url)
        request.method = .post
        request.body = .multipart(form)
        return try await session.data(for: request).validate()
    }

    @Test func httpbinParsesFieldsFilesRepeatedAndBracketNames() async throws {
        try await withTemporaryDirectory { directory in
            let notes = directory.appendingPathComponent("notes.txt")
            try Data("first line\nsecond line\n".utf8).write(to: notes)
            var form = MultipartForm()
            form.append("shipped", name: "status")
            form.append("a", name: "tag")
            form.append("b", name: "tag")
            form.append("1", name: "ids[]")
            form.append("2", name: "ids[]")
            form.append("straße", name: "füß")
            try form.appendFile(at: notes, name: "userfile")
            form.append(Data("inline bytes".utf8), name: "inline", filename: "inline.txt")
            try await withSession { session in
                let response = try await post(form, to: "\(httpbinURL)/post", session: session)
                let document = try #require(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
                let fields = try #require(document["form"] as? [String: Any])
                #expect(fields["status"] as? String == "shipped")
                #expect(fields["tag"] as? [String] == ["a", "b"])
                #expect(fields["ids[]"] as? [String] == ["1", "2"])
                #expect(fields["füß"] as? String == "straße")
                let files = try #require(document["files"] as? [String: Any])
                #expect(files["userfile"] as? String == "first line\nsecond line\n")
                #expect(files["inline"] as? String == "inline bytes")
                let headers = try #require(document["headers"] as? [String: Any])
                #expect(headers["Content-Type"] as? String == "multipart/form-data; boundary=\(form.boundary)")
                #expect(headers["Content-Length"] as? String == String(form.contentLength))
            }
        }
    }

    @Test func werkzeugReceivesEveryFileByteForByteWithItsNonASCIIName() async throws {
        try await withTemporaryDirectory { directory in
            let large = directory.appendingPathComponent("blob.bin")
            let named = directory.appendingPathComponent("source.dat")
            try patternData(count: 3 << 20).write(to: large)
            try patternData(count: 70_001).suffix(54_321).write(to: named)
            var form = MultipartForm()
            form.append("shipped", name: "status")
            try form.appendFile(at: large, name: "userfile[]")
            try form.appendFile(at: named, name: "userfile[]", filename: "文件 ü \"q\".dat", contentType: "image/png")
            form.append(Data([0, 13, 10, 45, 45, 255]), name: "raw", filename: "raw.bin")
            try await withSession { session in
                let response = try await post(form, to: "\(uploadURL)/upload", session: session)
                let report = try response.decode(UploadReport.self)
                #expect(report.fields == [["status", "shipped"]])
                #expect(report.content_length == form.contentLength)
                #expect(
                    report.files == [
                        UploadReport.File(
                            name: "userfile[]", filename: "blob.bin", content_type: "application/octet-stream",
                            size: 3 << 20, sha256: try sha256(of: large)),
                        UploadReport.File(
                            name: "userfile[]", filename: "文件 ü \"q\".dat", content_type: "image/png",
                            size: 54_321, sha256: try sha256(of: named)),
                        UploadReport.File(
                            name: "raw", filename: "raw.bin", content_type: "application/octet-stream", size: 6,
                            sha256: "4b0479b218deb1c95515883a5f8dd934bfb69ec3576cb54b7412070e14d97824"),
                    ])
            }
        }
    }

    @Test func werkzeugReadsStreamPartsAndManyFields() async throws {
        let chunk = patternData(count: 64 * 1024)
        var form = MultipartForm()
        for index in 0..<2000 { form.append("value \(index)", name: "field\(index % 10)") }
        form.appendStream(name: "stream", filename: "stream.bin", length: Int64(chunk.count * 16)) {
            AsyncThrowingStream { continuation in
                for _ in 0..<16 { continuation.yield(chunk) }
                continuation.finish()
            }
        }
        try await withSession { session in
            let report = try await post(form, to: "\(uploadURL)/upload", session: session).decode(UploadReport.self)
            #expect(report.fields.count == 2000)
            #expect(report.fields.last == ["field9", "value 1999"])
            #expect(report.files.map(\.size) == [Int64(chunk.count * 16)])
        }
    }

    @Test func aRedirect307ThroughHttpbinResendsTheMultipartBody() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("moved.bin")
            try patternData(count: 1 << 20).write(to: file)
            var form = MultipartForm()
            try form.appendFile(at: file, name: "upload")
            let target = "\(uploadURL)/upload".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            try await withSession { session in
                let response = try await post(
                    form, to: "\(httpbinURL)/redirect-to?url=\(target)&status_code=307", session: session)
                #expect(response.redirectChain.first?.statusCode == 307)
                let report = try response.decode(UploadReport.self)
                #expect(report.files.map(\.sha256) == [try sha256(of: file)])
            }
        }
    }

    @Test func percentEncodedFilenamesReachWerkzeugStillEncoded() async throws {
        var form = MultipartForm()
        form.nameEncoding = .percentEncoded
        form.append(Data("x".utf8), name: "f", filename: "文.txt")
        try await withSession { session in
            let report = try await post(form, to: "\(uploadURL)/upload", session: session).decode(UploadReport.self)
            // RFC 7578 section 4.2 allows this form; Werkzeug does not decode it (the UTF-8 default is read back).
            #expect(report.files.map(\.filename) == ["%E6%96%87.txt"])
        }
    }
}
