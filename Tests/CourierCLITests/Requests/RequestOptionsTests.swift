import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier
@testable import CourierCLI

/// URL shorthands, default headers, --check-status, --proxy, --yes/--no, XML and binary output, --curl for
/// multipart forms.
@Suite("courier request options", .timeLimit(.minutes(1)))
struct RequestOptionsTests {
    func run(_ arguments: [String], terminal: Bool = false) async -> (status: Int32, out: String, error: String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(terminal: terminal))
        return (status, capture.standardOutput, capture.standardError)
    }

    // MARK: URLs and items

    @Test(arguments: [
        (":8080/path", "GET /path HTTP/1.1", "Host: localhost:8080"),
        (":/path", "GET /path HTTP/1.1", "Host: localhost"),
        (":3000", "GET / HTTP/1.1", "Host: localhost:3000"),
        ("localhost/path", "GET /path HTTP/1.1", "Host: localhost"),
        ("localhost:8080/a?b=1", "GET /a?b=1 HTTP/1.1", "Host: localhost:8080"),
        ("example.com", "GET / HTTP/1.1", "Host: example.com"),
    ])
    func urlShorthandsWorkAsInHttpie(url: String, requestLine: String, host: String) async {
        let result = await run(["--offline", url])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix(requestLine + "\n"), "\(result.out)")
        #expect(result.out.contains(host + "\n"))
    }

    @Test func httpsFlagChangesTheDefaultScheme() async {
        let plain = await run(["--curl", "example.com/x"])
        #expect(plain.out.hasPrefix("curl 'http://example.com/x'"))
        let secure = await run(["--curl", "--https", "example.com/x"])
        #expect(secure.out.hasPrefix("curl 'https://example.com/x'"))
        let shorthand = await run(["--curl", "--https", ":8443/x"])
        #expect(shorthand.out.hasPrefix("curl 'https://localhost:8443/x'"))
    }

    @Test func anEmptyHeaderItemRemovesADefault() async {
        let with = await run(["--offline", "example.com"])
        #expect(with.out.contains("User-Agent: "))
        #expect(with.out.contains("Accept: */*"))
        let without = await run(["--offline", "example.com", "User-Agent:", "Accept:"])
        #expect(!without.out.contains("User-Agent"))
        #expect(!without.out.contains("Accept:"))
    }

    @Test func jsonFlagSendsJSONHeadersWithARawBody() async {
        let result = await run(["--offline", "--json", "PUT", "example.com/x", "X-A:1"])
        #expect(result.out.hasPrefix("PUT /x"))
        #expect(result.out.contains("Accept: application/json, */*;q=0.5"))
    }

    // MARK: --check-status

    @Test(arguments: [(200, 0), (301, 3), (404, 4), (418, 4), (500, 5), (503, 5)] as [(Int, Int32)])
    func checkStatusExitsByStatusClass(code: Int, expected: Int32) async throws {
        let server = try await TestServer.start { _ in
            .text("answer", status: code, headers: code == 301 ? [.location: "/elsewhere"] : [:])
        }
        let url = server.url("/s").absoluteString
        let checked = await run(["--check-status", url])
        let unchecked = await run([url])
        try await server.shutdown()
        #expect(checked.status == expected)
        #expect(unchecked.status == 0)
        if expected != 0 {
            #expect(checked.error.hasPrefix("courier: warning: HTTP \(code)"))
        }
    }

    // MARK: --proxy

    /// Plain http goes to an HTTP proxy in absolute form with the proxy credentials (no CONNECT tunnel), and the
    /// target host is never looked up locally.
    @Test func proxyGetsTheAbsoluteFormRequestWithItsCredentials() async throws {
        let proxy = try await TestServer.start { _ in .text("no tunnels today", status: 403) }
        let result = await run([
            "--proxy", "http://ann:s%20cret@127.0.0.1:\(proxy.port)", "--timeout", "10",
            "http://courier-proxy-test.invalid/path?q=1",
        ])
        let received = proxy.recordedRequests
        try await proxy.shutdown()
        let request = try #require(received.first)
        #expect(request.method == "GET")
        #expect(request.target == "http://courier-proxy-test.invalid/path?q=1")
        #expect(request.headers[.proxyAuthorization] == "Basic " + Data("ann:s cret".utf8).base64EncodedString())
        #expect(result.out.contains("403") || result.out.contains("no tunnels today"))
    }

    @Test(arguments: ["ftp://proxy:21", "http://", "http://proxy:3128/some/path"])
    func badProxyValuesAreUsageErrors(value: String) async {
        let result = await run(["--proxy", value, "example.com"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("courier: error: --proxy"))
    }

    @Test func proxyValuesMapToTheLibrarysConfiguration() throws {
        #expect(try ProxyOption.configuration(for: "none") == ProxyConfiguration.none)
        #expect(try ProxyOption.configuration(for: "127.0.0.1:3128") == .http(host: "127.0.0.1", port: 3128))
        #expect(try ProxyOption.configuration(for: "http://proxy") == .http(host: "proxy", port: 80))
        #expect(
            try ProxyOption.configuration(for: "socks5h://ann:pw@proxy:1080")
                == .socks5(
                    host: "proxy", port: 1080, credentials: ProxyCredentials(user: "ann", password: "pw"),
                    resolvesRemotely: true))
        #expect(try ProxyOption.configuration(for: "socks5://proxy") == .socks5(host: "proxy", port: 1080))
    }

    // MARK: --yes / --no

    /// A server whose first connection is closed without an answer, then answers.
    func flakyServer() async throws -> TestServer {
        let count = Mutex(0)
        let server = try await TestServer.start { _ in
            let attempt = count.withLock {
                $0 += 1
                return $0
            }
            return attempt == 1 ? .closeConnection : .text("back")
        }
        return server
    }

    @Test func yesAnswersTheRetryQuestionAfterALostConnection() async throws {
        let server = try await flakyServer()
        let result = await run(["--yes", server.url("/flaky").absoluteString])
        let requests = server.recordedRequests.count
        try await server.shutdown()
        #expect(result.status == 0, "\(result.error)")
        #expect(result.out == "back")
        #expect(result.error.contains("retry? yes (--yes)"))
        #expect(requests == 2)
    }

    @Test func noAnswersTheRetryQuestionAndTheErrorStands() async throws {
        let server = try await flakyServer()
        let result = await run(["--no", server.url("/flaky").absoluteString])
        let requests = server.recordedRequests.count
        try await server.shutdown()
        #expect(result.status == 1)
        #expect(result.error.contains("retry? no (--no)"))
        #expect(result.error.split(separator: "\n").last?.hasPrefix("courier: error: ") == true)
        #expect(requests == 1)
    }

    @Test func withoutATerminalNoQuestionIsAsked() async throws {
        let server = try await flakyServer()
        let result = await run([server.url("/flaky").absoluteString])
        try await server.shutdown()
        #expect(result.status == 1)
        #expect(!result.error.contains("retry?"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test func yesNeverRepeatsANonIdempotentRequestThatMayHaveArrived() async throws {
        let server = try await flakyServer()
        let result = await run(["--yes", "POST", server.url("/flaky").absoluteString, "a=1"])
        let requests = server.recordedRequests.count
        try await server.shutdown()
        #expect(result.status == 1)
        #expect(!result.error.contains("retry?"))
        #expect(requests == 1)
    }

    @Test func yesAsksAtMostThreeTimes() async throws {
        let result = await run(["--yes", "http://127.0.0.1:9/"])
        #expect(result.status == 1)
        #expect(result.error.components(separatedBy: "retry? yes").count - 1 == Prompt.maximumQuestions)
    }

    // MARK: Output

    static let xmlDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a feed --><feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="urn:x"><title>Fish &amp; chips</title>
        <entry id="1" note="a &lt; b &quot;q&quot;"><x:empty/><content>&lt;b&gt;bold&lt;/b&gt; &#169;</content></entry></feed>
        """

    func xmlServer(_ body: String = RequestOptionsTests.xmlDocument, type: String = "application/atom+xml")
        async throws -> TestServer
    {
        try await TestServer.start { _ in .data(Data(body.utf8), headers: [.contentType: type]) }
    }

    @Test func xmlIsIndentedWithEntitiesKept() async throws {
        let server = try await xmlServer()
        let result = await run(["--pretty=format", server.url("/feed").absoluteString])
        try await server.shutdown()
        #expect(
            result.out == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- a feed -->
                <feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="urn:x">
                    <title>Fish &amp; chips</title>
                    <entry id="1" note="a &lt; b &quot;q&quot;">
                        <x:empty/>
                        <content>&lt;b&gt;bold&lt;/b&gt; ©</content>
                    </entry>
                </feed>

                """)
    }

    @Test func xmlGetsColorsWithPrettyAllAndStaysRawWithNone() async throws {
        let server = try await xmlServer(type: "text/xml; charset=utf-8")
        let colored = await run(["--pretty=all", server.url("/feed").absoluteString])
        let raw = await run(["--pretty=none", server.url("/feed").absoluteString])
        try await server.shutdown()
        #expect(colored.out.contains("\u{1B}[34m<feed"))
        #expect(colored.out.contains("\u{1B}[36mid\u{1B}[0m="))
        #expect(raw.out == Self.xmlDocument)
    }

    @Test func malformedXMLIsPrintedAsItCame() async throws {
        let broken = "<a><b>unclosed</a>"
        let server = try await xmlServer(broken, type: "application/xml")
        let result = await run(["--pretty=format", server.url("/x").absoluteString])
        try await server.shutdown()
        #expect(result.out == broken)
    }

    @Test func xmlPrinterHandlesMixedContentCDATAAndProcessingInstructions() throws {
        let document = Data("<doc><?render fast?><p>one <b>two</b> three</p><![CDATA[x < y]]><e></e></doc>".utf8)
        let pretty = try #require(XMLText.pretty(document))
        #expect(
            pretty == """
                <doc>
                    <?render fast?>
                    <p>
                        one
                        <b>two</b>
                        three
                    </p>
                    <![CDATA[x < y]]>
                    <e/>
                </doc>
                """)
        #expect(XMLText.pretty(Data("not xml".utf8)) == nil)
    }

    @Test func binaryBodiesGetAOneLineNoteOnATerminal() async throws {
        let server = try await TestServer.start { _ in
            .data(Data("PNG but valid UTF-8".utf8), headers: [.contentType: "image/png"])
        }
        let terminal = await run(["--print=b", server.url("/cat.png").absoluteString], terminal: true)
        let piped = await run([server.url("/cat.png").absoluteString])
        try await server.shutdown()
        #expect(terminal.out.contains("binary data not shown in terminal (19 bytes, image/png)"))
        #expect(terminal.out.split(separator: "\n").count == 1)
        #expect(piped.out == "PNG but valid UTF-8")
    }

    // MARK: --curl

    @Test func curlWritesMultipartFormsWithCurlsFormOptions() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-curl-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let note = directory.appendingPathComponent("it's; a note.txt")
        try Data("a note".utf8).write(to: note)
        let ok = await run(["--curl", "example.com/upload", "status=shipped", "doc@\(note.path);type=text/x-note"])
        #expect(ok.status == 0, "\(ok.error)")
        #expect(ok.out.hasPrefix("curl 'http://example.com/upload'"))
        #expect(!ok.out.contains("--data-binary"))
        #expect(!ok.out.contains("-X POST"))
        #expect(!ok.out.contains("multipart/form-data"))
        #expect(ok.out.contains("--form-string 'status=shipped'"))
        let quotedPath = note.path.replacingOccurrences(of: "'", with: "'\\''")
        #expect(ok.out.contains("-F 'doc=@\"\(quotedPath)\";type=text/x-note'"))
    }

    @Test func curlSendsCouriersAcceptEncoding() async {
        let result = await run(["--curl", "example.com/x"])
        #expect(result.out.contains("-H 'Accept-Encoding: gzip, deflate' --compressed"))
    }
}
