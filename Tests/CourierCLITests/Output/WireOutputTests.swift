import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import Courier
@testable import CourierCLI

/// Issue 20, item 4: what is sent and received, shown truly: multipart bodies with file parts summarized,
/// response headers as they came off the wire, and `HTTP/2` in the request line when h2 carried it.
@Suite("courier shows the wire", .timeLimit(.minutes(1)))
struct WireOutputTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    @Test func offlineShowsAMultipartBodyWithFilePartsSummarized() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-wire-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try Data("twelve bytes".utf8).write(to: file)

        let (status, out, _) = await run(["--offline", "example.com/up", "status=shipped", "doc@\(file.path)"])
        #expect(status == 0)
        #expect(out.contains("Content-Type: multipart/form-data; boundary="))
        #expect(out.contains("Content-Disposition: form-data; name=\"status\"\n\nshipped\n"))
        #expect(out.contains("Content-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\n"))
        #expect(out.contains("+ file notes.txt, text/plain, 12 bytes (not shown)\n"))
        #expect(!out.contains("twelve bytes"))
        // The length of the whole body, as the transport declares it.
        let length = try #require(out.split(separator: "\n").first { $0.hasPrefix("Content-Length: ") })
        #expect(Int(length.dropFirst("Content-Length: ".count)).map { $0 > 12 } == true)
        #expect(out.hasSuffix("--\n\n"))
    }

    @Test func verboseShowsTheMultipartBodyItSent() async throws {
        let server = try await TestServer.start { request in .text("\(request.body.count)") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-wire-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("photo.png")
        try Data(repeating: 7, count: 300).write(to: file)
        let (status, out, _) = await run(["-v", server.url("/up").absoluteString, "photo@\(file.path)"])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out.contains("+ file photo.png, image/png, 300 bytes (not shown)\n"))
        #expect(out.contains("HTTP/1.1 200 OK"))
    }

    @Test func responseHeadersAreShownAsTheyCameOffTheWire() async throws {
        let text = Data(String(repeating: "compressible text ", count: 200).utf8)
        let compressed = try GzipEncoder.compress(text)
        let server = try await TestServer.start { _ in
            .data(compressed, headers: [.contentEncoding: "gzip", .contentType: "text/plain"])
        }
        let (status, out, _) = await run(["--print=hb", server.url("/z").absoluteString])
        let (_, streamed, _) = await run(["--print=hb", "--stream", server.url("/z").absoluteString])
        try await server.shutdown()
        #expect(status == 0)
        for output in [out, streamed] {
            #expect(output.contains("Content-Encoding: gzip\n"))
            #expect(output.contains("Content-Length: \(compressed.count)\n"))
            // The body itself is shown decoded.
            #expect(output.hasSuffix(String(decoding: text, as: UTF8.self)))
        }
    }

    @Test func theRequestLineSaysHTTP2WhenH2CarriedIt() async throws {
        let authority = try TestCertificateAuthority()
        let certificate = try authority.makeServerCertificate()
        let server = try await TestServer.start(tls: TestServer.TLSConfiguration(certificate: certificate)) { _ in
            .text("over h2")
        }
        let url = server.url("/h2").absoluteString
        let (status, out, error) = await run(["-v", "--verify", "no", url])
        let (_, streamed, _) = await run(["-v", "--stream", "--verify", "no", url])
        try await server.shutdown()
        #expect(status == 0, "\(error)")
        for output in [out, streamed] {
            #expect(output.contains("GET /h2 HTTP/2\n"), "\(output)")
            #expect(output.contains("HTTP/2 200"), "\(output)")
        }
    }

    @Test func offlineStaysHTTP11() async {
        let (_, out, _) = await run(["--offline", "example.com/x"])
        #expect(out.hasPrefix("GET /x HTTP/1.1\n"))
    }
}
