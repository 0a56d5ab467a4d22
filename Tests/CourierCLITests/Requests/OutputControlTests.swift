import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI

/// Issue 20, item 3: `-d/--download` and `-c/--continue` on the request form, `--all`, `--raw`, `--chunked`,
/// `--path-as-is` and dot segments resolved by default.
@Suite("courier output control", .timeLimit(.minutes(1)))
struct OutputControlTests {
    static let body = Data((0..<120_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ ($0 >> 8)) })

    /// `/file.bin` serves `body` with an ETag and ranges; `/cut.bin` breaks off after 40000 bytes unless asked
    /// for a range; `/old` redirects to `/new` with a small body; `/echo` answers with the request's body.
    static let handler: TestServer.Handler = { request in
        let headers: HTTPFields = [.eTag: "\"v1\"", .acceptRanges: "bytes"]
        switch request.path {
        case "/old":
            return .text("moved to /new", status: 302, headers: [.location: "/new"])
        case "/new":
            return .text("arrived")
        case "/echo":
            return .data(request.body, headers: [.contentType: "text/plain"])
        default:
            break
        }
        if let range = request.headers[.range], range.hasPrefix("bytes="), request.headers[.ifRange] == "\"v1\"",
            let start = Int(range.dropFirst(6).dropLast()), start < body.count
        {
            var partial = headers
            partial[.contentRange] = "bytes \(start)-\(body.count - 1)/\(body.count)"
            return .data(body.subdata(in: start..<body.count), status: 206, headers: partial)
        }
        if request.path == "/cut.bin" {
            return .truncatedBody(declaredLength: body.count, sending: body.prefix(40_000), headers: headers)
        }
        return .data(body, headers: headers)
    }

    func run(_ arguments: [String], input: Data = Data()) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(input: input))
        return (status, capture.standardOutput, capture.standardError)
    }

    func withServer(_ body: (TestServer, URL) async throws -> Void) async throws {
        let server = try await TestServer.start(handler: Self.handler)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-out-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try await body(server, directory)
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    func names(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    // MARK: --download

    @Test func downloadSavesTheBodyNamedFromTheURLAndNeverOverAnExistingFile() async throws {
        try await withServer { server, directory in
            let url = server.url("/file.bin").absoluteString
            let (status, out, error) = await run(["-d", url, "-o", directory.path + "/"])
            #expect(status == 0, "\(error)")
            #expect(out.isEmpty)
            // The response head on standard error, as httpie's --download shows it, then the summary.
            #expect(error.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(error.contains("ETag: \"v1\"\n"))
            #expect(error.contains("saved \(directory.path)/file.bin"))
            #expect((try? Data(contentsOf: directory.appendingPathComponent("file.bin"))) == Self.body)

            let (again, _, quiet) = await run(["--download", "--quiet", url, "-o", directory.path + "/"])
            #expect(!quiet.contains("HTTP/1.1"))
            #expect(again == 0)
            #expect(names(in: directory) == ["file.bin", "file.bin-1"])

            let (replaced, _, _) = await run(["-d", "--overwrite", url, "-o", directory.path + "/"])
            #expect(replaced == 0)
            #expect(names(in: directory) == ["file.bin", "file.bin-1"])
        }
    }

    @Test func downloadSendsTheRequestTheItemsDescribe() async throws {
        try await withServer { server, directory in
            let file = directory.appendingPathComponent("echo.txt")
            let (status, _, error) = await run(["-d", server.url("/echo").absoluteString, "-o", file.path, "a=1"])
            #expect(status == 0, "\(error)")
            #expect(server.recordedRequests.last?.method == "POST")
            #expect((try? String(contentsOf: file, encoding: .utf8)) == #"{"a": "1"}"#)
        }
    }

    @Test func downloadFollowsRedirectsAndContinuesWithC() async throws {
        try await withServer { server, directory in
            let redirected = directory.appendingPathComponent("new.txt")
            let (followed, _, _) = await run(["-d", server.url("/old").absoluteString, "-o", redirected.path])
            #expect(followed == 0)
            #expect((try? String(contentsOf: redirected, encoding: .utf8)) == "arrived")

            let file = directory.appendingPathComponent("cut.bin")
            let url = server.url("/cut.bin").absoluteString
            let (first, _, firstError) = await run(["-d", url, "-o", file.path])
            #expect(first == 1)
            #expect(firstError.contains("--continue"))
            let kept = (try? Data(contentsOf: directory.appendingPathComponent("cut.bin.part")))?.count ?? 0
            #expect(kept > 0 && kept <= 40_000)

            let (status, _, error) = await run(["-d", "-c", url, "-o", file.path])
            #expect(status == 0, "\(error)")
            #expect(error.contains("continued from byte \(kept)"))
            #expect(server.recordedRequests.last?.headers[.range] == "bytes=\(kept)-")
            #expect((try? Data(contentsOf: file)) == Self.body)
        }
    }

    @Test(arguments: [["-c", "example.com"], ["--overwrite", "example.com"]])
    func continueAndOverwriteNeedDownload(arguments: [String]) async {
        let (status, _, error) = await run(arguments)
        #expect(status == 2)
        #expect(error.contains("goes with --download"))
    }

    // MARK: --all

    @Test func allPrintsEveryHopWithItsBody() async throws {
        try await withServer { server, _ in
            let url = server.url("/old").absoluteString
            let (status, out, _) = await run(["--all", "--follow", "--print=hb", url])
            #expect(status == 0)
            let redirect = try #require(out.range(of: "HTTP/1.1 302 Found"))
            let movedBody = try #require(out.range(of: "moved to /new"))
            let final = try #require(out.range(of: "HTTP/1.1 200 OK"))
            #expect(redirect.upperBound < movedBody.lowerBound && movedBody.upperBound < final.lowerBound)
            #expect(out.hasSuffix("arrived"))

            let (_, lastOnly, _) = await run(["--follow", "--print=hb", url])
            #expect(!lastOnly.contains("302"))
            #expect(lastOnly.hasPrefix("HTTP/1.1 200 OK"))
        }
    }

    @Test func allWithVerboseShowsEachRequest() async throws {
        try await withServer { server, _ in
            let (status, out, _) = await run(["--all", "-v", "--follow", server.url("/old").absoluteString])
            #expect(status == 0)
            let first = try #require(out.range(of: "GET /old HTTP/1.1"))
            let second = try #require(out.range(of: "GET /new HTTP/1.1"))
            #expect(first.upperBound < second.lowerBound)
        }
    }

    // MARK: --raw and --chunked

    @Test func rawSendsTheTextVerbatim() async throws {
        try await withServer { server, _ in
            let (status, out, _) = await run(["--raw", #"{"x": [1,2]} "#, server.url("/echo").absoluteString])
            #expect(status == 0)
            #expect(out == #"{"x": [1,2]} "#)
            #expect(server.recordedRequests.last?.method == "POST")
            #expect(server.recordedRequests.last?.headers[.contentLength] == "13")
        }
    }

    @Test(arguments: [["a=1"], ["-"], ["@/dev/null"]])
    func rawRefusesOtherBodies(items: [String]) async {
        let (status, _, error) = await run(["--offline", "--raw", "x", "example.com"] + items, input: Data("in".utf8))
        #expect(status == 2)
        #expect(error.contains("--raw is the whole body"))
    }

    @Test func rawIsTheBodyEvenWithPipedInput() async {
        let (status, out, _) = await run(
            ["--offline", "--print=B", "--raw", "given", "example.com"], input: Data("piped".utf8))
        #expect(status == 0)
        #expect(out.contains("given"))
        #expect(!out.contains("piped"))
    }

    @Test func chunkedSendsTransferEncodingChunkedWithoutALength() async throws {
        try await withServer { server, _ in
            let (status, out, _) = await run(["--chunked", server.url("/echo").absoluteString, "name=pen"])
            #expect(status == 0)
            #expect(out == #"{"name": "pen"}"#)
            let headers = try #require(server.recordedRequests.last?.headers)
            #expect(headers[.transferEncoding] == "chunked")
            #expect(headers[.contentLength] == nil)

            let (_, plain, _) = await run([server.url("/echo").absoluteString, "name=pen"])
            #expect(plain == #"{"name": "pen"}"#)
            #expect(server.recordedRequests.last?.headers[.transferEncoding] == nil)
        }
    }

    @Test func offlineShowsTheChunkedHead() async {
        let (_, out, _) = await run(["--offline", "--chunked", "example.com/x", "a=1"])
        #expect(out.contains("Transfer-Encoding: chunked\n"))
        #expect(!out.contains("Content-Length"))
    }

    // MARK: Dot segments

    @Test func dotSegmentsAreResolvedUnlessPathAsIs() async throws {
        try await withServer { server, _ in
            let url = "http://127.0.0.1:\(server.port)/a/b/../c/./echo"
            _ = await run([url])
            #expect(server.recordedRequests.last?.target == "/a/c/echo")
            _ = await run(["--path-as-is", url])
            #expect(server.recordedRequests.last?.target == "/a/b/../c/./echo")
        }
    }

    @Test(arguments: [
        ("/a/b/c/./../../g", "/a/g"), ("/mid/content=5/../6", "/mid/6"), ("/../a", "/a"), ("/a/..", "/"),
        ("/a/.", "/a/"), ("/a/%2E%2E/b", "/a/%2E%2E/b"), ("/", "/"), ("", ""), ("/a.b/c..d/.e", "/a.b/c..d/.e"),
    ])
    func removeDotSegmentsFollowsRFC3986(path: String, expected: String) {
        #expect(DotSegments.remove(from: path) == expected)
    }
}
