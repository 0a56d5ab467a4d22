import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCLI

@Suite("courier request")
struct RequestCommandTests {
    func run(_ arguments: [String], terminal: Bool = false, input: Data = Data()) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(input: input, terminal: terminal))
        return (status, capture.standardOutput, capture.standardError)
    }

    @Test func itemsParseLikeHttpie() throws {
        #expect(try RequestItem.parse("X-Trace:on") == .header(name: "X-Trace", value: "on"))
        #expect(try RequestItem.parse("X-Time:12:30") == .header(name: "X-Time", value: "12:30"))
        #expect(try RequestItem.parse("Accept:") == .header(name: "Accept", value: ""))
        #expect(try RequestItem.parse("q==fish & chips") == .query(name: "q", value: "fish & chips"))
        #expect(try RequestItem.parse("name=pen") == .dataField(name: "name", value: "pen"))
        #expect(try RequestItem.parse("eq=a=b") == .dataField(name: "eq", value: "a=b"))
        #expect(try RequestItem.parse("price:=1.5") == .jsonField(name: "price", json: "1.5"))
        #expect(try RequestItem.parse("bio=@notes.txt") == .dataFieldFromFile(name: "bio", path: "notes.txt"))
        #expect(try RequestItem.parse("meta:=@m.json") == .jsonFieldFromFile(name: "meta", path: "m.json"))
        #expect(try RequestItem.parse("photo@cat.jpg") == .file(name: "photo", path: "cat.jpg"))
        #expect(try RequestItem.parse("@body.bin") == .rawBodyFile(path: "body.bin"))
        #expect(try RequestItem.parse("-") == .rawBodyStandardInput)
        #expect(try RequestItem.parse(#"a\=b=c"#) == .dataField(name: "a=b", value: "c"))
        #expect(throws: RequestItemError.self) { try RequestItem.parse("nothing") }
        #expect(throws: RequestItemError.self) { try RequestItem.parse("=value") }
    }

    @Test func offlinePrintsTheRequestWithJSONInOrder() async {
        let (status, out, _) = await run([
            "--offline", "POST", ":8080/items", "name=pen", "price:=1.5", "tags:=[\"a\"]", "X-Trace:on", "q==x y",
        ])
        #expect(status == 0)
        #expect(out.contains("POST /items?q=x%20y HTTP/1.1"))
        #expect(out.contains("Host: localhost:8080"))
        #expect(out.contains("X-Trace: on"))
        #expect(out.contains("Content-Type: application/json"))
        #expect(out.contains(#"{"name": "pen", "price": 1.5, "tags": ["a"]}"#))
    }

    @Test func methodDefaultsToPostWithDataAndGetWithout() async {
        let (_, withData, _) = await run(["--offline", "example.com/x", "a=1"])
        #expect(withData.hasPrefix("POST /x"))
        let (_, without, _) = await run(["--offline", "example.com/x", "X-A:1"])
        #expect(without.hasPrefix("GET /x"))
    }

    @Test func formFlagSendsURLEncoded() async {
        let (status, out, _) = await run(["--offline", "--form", "example.com/login", "user=ann", "note=a&b"])
        #expect(status == 0)
        #expect(out.contains("Content-Type: application/x-www-form-urlencoded"))
        #expect(out.contains("user=ann&note=a%26b"))
    }

    @Test func curlFlagPrintsARedactedCommand() async {
        let (status, out, _) = await run(["--curl", "PUT", "https://api.test/x", "Authorization:Bearer s3cret", "a=1"])
        #expect(status == 0)
        #expect(out.hasPrefix("curl -X PUT 'https://api.test/x'"))
        #expect(out.contains("Authorization: <redacted>"))
        #expect(!out.contains("s3cret"))
    }

    @Test func bodyOnlyWhenPipedAndHeadersOnATerminal() async {
        let url = "data:text/plain,hello%20world"
        let (_, piped, _) = await run([url])
        #expect(piped == "hello world")
        let (_, terminal, _) = await run([url, "--pretty=none"], terminal: true)
        #expect(terminal.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(terminal.contains("Content-Type: text/plain\n"))
        #expect(terminal.hasSuffix("hello world\n"))
    }

    @Test func printSelectsParts() async {
        let (_, headersOnly, _) = await run(["--print=h", "data:text/plain,abc"])
        #expect(headersOnly.contains("200 OK"))
        #expect(!headersOnly.contains("abc"))
        let (_, metrics, _) = await run(["--print=m", "data:text/plain,abc"])
        #expect(metrics.contains("total"))
        #expect(metrics.contains("received"))
    }

    @Test func jsonIsPrettyPrintedInDocumentOrder() async {
        let (_, out, _) = await run(["--pretty=format", "data:application/json,{\"z\":1,\"a\":[true,null]}"])
        #expect(out == "{\n    \"z\": 1,\n    \"a\": [\n        true,\n        null\n    ]\n}\n")
        let (_, colored, _) = await run(["--pretty=all", "data:application/json,{\"k\":\"v\"}"])
        #expect(colored.contains("\u{1B}["))
    }

    @Test func binaryIsNotDumpedToATerminal() async {
        let (_, out, _) = await run(["--print=b", "data:application/octet-stream;base64,AAEC/w=="], terminal: true)
        #expect(out.contains("binary data not shown"))
        let capture = CLIIO.Capture()
        _ = await CourierCLI.run(
            arguments: ["data:application/octet-stream;base64,AAEC/w=="], io: capture.io(terminal: false))
        #expect(capture.standardOutputData == Data([0, 1, 2, 255]))
    }

    @Test func rawBodyFromStandardInput() async {
        let (status, out, _) = await run(
            ["--offline", "--print=B", "PUT", "example.com/x", "-"], input: Data("raw!".utf8))
        #expect(status == 0)
        #expect(out.contains("raw!"))
    }

    @Test func connectionRefusedIsOneLineAndExitOne() async {
        let (status, out, error) = await run(["http://127.0.0.1:9/"])
        #expect(status == 1)
        #expect(out.isEmpty)
        #expect(error.hasPrefix("courier: error: could not connect to 127.0.0.1:9"))
        #expect(error.contains("connection refused"))
        #expect(error.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        ["--print=xyz", "example.com"],
        ["--pretty=loud", "example.com"],
        ["--timeout", "-1", "example.com"],
        ["--json", "--form", "example.com"],
        [String](),
        ["--no-such-flag", "example.com"],
        ["example.com", "not-an-item"],
        ["example.com", "Bad Header:1"],
        ["--form", "example.com", "n:=1"],
        ["example.com", "n:=not json"],
    ])
    func usageErrorsExitTwo(arguments: [String]) async {
        let (status, _, error) = await run(arguments)
        #expect(status == 2)
        #expect(!error.isEmpty)
    }

    @Test func helpExitsZero() async {
        let (status, out, _) = await run(["request", "--help"])
        #expect(status == 0)
        #expect(out.contains("ITEMs"))
    }

    @Test func checkStatusMapsClassesToExitCodes() async throws {
        // A custom handler answers with chosen statuses through the data: URL path is not possible, so use
        // a local file: 200 exits 0 even with --check-status.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-\(UUID()).txt")
        try Data("ok".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, out, _) = await run(["--check-status", file.absoluteString])
        #expect(status == 0)
        #expect(out == "ok")
    }

    @Test func sessionsKeepHeadersBetweenRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-session-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = await run([
            "--session", directory.path + "/", "--offline", "example.com/a", "X-Token:abc", "Content-Type:text/x",
        ])
        let (_, second, _) = await run(["--session", directory.path + "/", "--offline", "example.com/b"])
        #expect(second.contains("X-Token: abc"))
        #expect(!second.contains("Content-Type: text/x"))
    }

    @Test func sessionsKeepCredentialsBetweenRunsInAnOwnerOnlyFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-session-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = await run(["--session", directory.path + "/", "--offline", "--auth", "ann:secret", "example.com/a"])
        let (_, second, _) = await run(["--session", directory.path + "/", "--offline", "example.com/b"])
        #expect(second.contains("Authorization: Basic " + Data("ann:secret".utf8).base64EncodedString()))
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent("session.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // A later --auth replaces the stored one.
        _ = await run([
            "--session", directory.path + "/", "--offline", "--auth", "tok", "--auth-type", "bearer", "example.com/c",
        ])
        let (_, fourth, _) = await run(["--session", directory.path + "/", "--offline", "example.com/d"])
        #expect(fourth.contains("Authorization: Bearer tok"))
    }

    @Test func harFileIsWritten() async throws {
        let har = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID()).har")
        defer { try? FileManager.default.removeItem(at: har) }
        let (status, _, _) = await run(["--har", har.path, "data:text/plain,recorded"])
        #expect(status == 0)
        let document = try JSONDecoder().decode(HARDocument.self, from: Data(contentsOf: har))
        #expect(document.log.entries.count == 1)
        #expect(document.log.entries[0].response.content.text == "recorded")
    }

    // MARK: Multipart uploads (field@file)

    /// Runs the command against a server that records what it receives; returns the status, stderr and
    /// the request the server got.
    func runAgainstServer(_ arguments: [String]) async throws -> (Int32, String, TestServer.Request?) {
        let server = try await TestServer.start { _ in .text("stored") }
        let url = server.url("/upload").absoluteString
        let (status, _, error) = await run(arguments.map { $0 == "URL" ? url : $0 })
        let received = server.recordedRequests.first
        try await server.shutdown()
        return (status, error, received)
    }

    @Test(arguments: [[], ["--form"], ["-f"]])
    func fileItemsSendMultipartWithFieldsInOrder(flags: [String]) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("cat.png")
        let note = directory.appendingPathComponent("note.bin")
        try Data([137, 80, 78, 71, 0, 1, 2]).write(to: photo)
        try Data("a note".utf8).write(to: note)
        let (status, _, received) = try await runAgainstServer(
            flags + ["URL", "status=shipped", "userfile[]@\(photo.path)", "userfile[]@\(note.path);type=text/x-note"])
        #expect(status == 0)
        let request = try #require(received)
        #expect(request.method == "POST")
        let contentType = try #require(request.headers[.contentType])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"status\"\r\n\r\nshipped\r\n".utf8)
        expected += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"userfile[]\"; filename=\"cat.png\"\r\n".utf8)
        expected += Data("Content-Type: image/png\r\n\r\n".utf8) + Data([137, 80, 78, 71, 0, 1, 2]) + Data("\r\n".utf8)
        expected += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"userfile[]\"; filename=\"note.bin\"\r\n".utf8)
        expected += Data("Content-Type: text/x-note\r\n\r\na note\r\n--\(boundary)--\r\n".utf8)
        #expect(request.body == expected)
        #expect(request.headers[.contentLength] == String(expected.count))
        #expect(request.headers[.accept] == "*/*")
    }

    @Test func fileItemsWithJSONAreAUsageError() async {
        let (status, _, error) = await run(["--offline", "--json", "example.com/up", "f@/etc/hostname"])
        #expect(status == 2)
        #expect(error.contains("multipart/form-data"))
        let (jsonStatus, _, jsonError) = await run(["--offline", "example.com/up", "n:=1", "f@/etc/hostname"])
        #expect(jsonStatus == 2)
        #expect(jsonError.contains("cannot be sent in a form"))
    }

    @Test func aMissingUploadFileIsAUsageErrorNamingIt() async {
        let (status, out, error) = await run(["--offline", "example.com/up", "f@/nonexistent/courier.png"])
        #expect(status == 2)
        #expect(out.isEmpty)
        #expect(error.contains("/nonexistent/courier.png"))
        #expect(error.contains("does not exist"))
    }

    @Test func fileItemsCannotBeCombinedWithARawBody() async {
        let (status, _, error) = await run(["--offline", "example.com/up", "f@/etc/hostname", "@/etc/hostname"])
        #expect(status == 2)
        #expect(error.contains("raw body"))
    }
}
