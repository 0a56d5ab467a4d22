import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI

/// Every failure ends with one line on stderr naming what failed and what to try, and the documented
/// exit status; never a usage dump or a stack trace.
@Suite("courier errors", .timeLimit(.minutes(1)))
struct ErrorLineTests {
    func run(_ arguments: [String]) async -> (status: Int32, out: String, error: String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(terminal: false))
        return (status, capture.standardOutput, capture.standardError)
    }

    func expectOneLine(_ error: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.hasPrefix("courier: error: "), sourceLocation: sourceLocation)
        #expect(error.hasSuffix("\n"), sourceLocation: sourceLocation)
        #expect(error.split(separator: "\n").count == 1, "\(error)", sourceLocation: sourceLocation)
        #expect(!error.contains("Usage:"), sourceLocation: sourceLocation)
    }

    @Test func anUnknownFlagIsOneLineAndExitTwo() async {
        let result = await run(["--no-such-flag", "example.com"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        expectOneLine(result.error)
        #expect(result.error.contains("--no-such-flag"))
        #expect(result.error.contains("courier --help"))
    }

    @Test func anUnknownFlagAloneIsNamed() async {
        let result = await run(["--bogus"])
        #expect(result.status == 2)
        expectOneLine(result.error)
        #expect(result.error.contains("'--bogus'"))
        let noURL = await run([])
        #expect(noURL.status == 2)
        expectOneLine(noURL.error)
        #expect(noURL.error.contains("a URL is required"))
    }

    @Test func malformedJSONItemIsOneLineAndExitTwo() async {
        let result = await run(["--offline", "example.com/items", "a:=not-json"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        expectOneLine(result.error)
        #expect(result.error.contains("'a:=not-json' is not valid JSON"))
        #expect(result.error.contains("a=not-json"))
    }

    @Test(arguments: [
        "@/nonexistent/courier-body.json", "f@/nonexistent/courier-body.json", "f=@/nonexistent/courier-body.json",
    ])
    func aMissingFileIsOneLineAndExitTwo(item: String) async {
        let result = await run(["--offline", "example.com/up", item])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        expectOneLine(result.error)
        #expect(result.error.contains("/nonexistent/courier-body.json does not exist"))
    }

    @Test func anUnreachableHostNamesItAndWhatToTry() async {
        let result = await run(["http://127.0.0.1:9/"])
        #expect(result.status == 1)
        expectOneLine(result.error)
        #expect(result.error.contains("could not connect to 127.0.0.1:9"))
        #expect(result.error.contains("connection refused; is the server running?"))
    }

    @Test func aTimeoutSuggestsALongerTimeout() async throws {
        let server = try await TestServer.start { _ in .hang }
        let result = await run(["--timeout", "0.5", server.url("/slow").absoluteString])
        try await server.shutdown()
        #expect(result.status == 2)
        expectOneLine(result.error)
        #expect(result.error.contains("--timeout"))
    }

    @Test func aTLSFailureIsOneLineWithWhatToTry() async throws {
        let authority = try TestCertificateAuthority()
        let server = try await TestServer.start(
            tls: TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate())
        ) { _ in .text("secret") }
        let result = await run([server.url("/").absoluteString])
        try await server.shutdown()
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        expectOneLine(result.error)
        #expect(result.error.contains("not trusted") || result.error.contains("certificate"))
        #expect(result.error.contains("--verify CA_FILE"))
    }

    @Test func plainHTTPToATLSPortIsOneLine() async throws {
        let authority = try TestCertificateAuthority()
        let server = try await TestServer.start(
            tls: TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate())
        ) { _ in .text("secret") }
        let url = "http://127.0.0.1:\(server.port)/"
        let result = await run([url])
        try await server.shutdown()
        #expect(result.status == 1)
        expectOneLine(result.error)
    }

    @Test func tooManyRedirectsExitsSix() async throws {
        let server = try await TestServer.start { request in
            .text("again", status: 302, headers: [.location: "/loop?n=\(request.target.count)"])
        }
        let result = await run(["--follow", "--max-redirects", "2", server.url("/loop").absoluteString])
        try await server.shutdown()
        #expect(result.status == 6)
        expectOneLine(result.error)
        #expect(result.error.contains("--max-redirects"))
    }

    @Test func helpGoesToStandardOutputAndExitsZero() async {
        let result = await run(["--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("USAGE") || result.out.contains("Usage") || result.out.contains("usage"))
        #expect(result.error.isEmpty)
    }
}
