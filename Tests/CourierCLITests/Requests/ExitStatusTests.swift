import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI

@Suite("courier: httpie's exit statuses, messages and small things", .timeLimit(.minutes(1)))
struct ExitStatusTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    @Test func aTimeoutExitsTwoAsInHttpie() async throws {
        let server = try await TestServer.start { _ in .headThenHang() }
        let (status, _, error) = await run(["--timeout", "0.3", server.url("/slow").absoluteString])
        try await server.shutdown()
        #expect(status == 2)
        #expect(error.hasPrefix("courier: error: "))
        #expect(error.contains("timed out"))
    }

    @Test func aRejectedDigestPasswordPrintsTheFinal401AndExitsFourWithCheckStatus() async throws {
        let server = try await TestServer.start { _ in
            .text(
                "wrong password", status: 401,
                headers: [.wwwAuthenticate: #"Digest realm="shop", nonce="n1", qop="auth", algorithm=MD5"#])
        }
        let url = server.url("/digest").absoluteString
        let (checked, out, error) = await run([
            "--check-status", "--print=h", "--auth", "ann:wrong", "--auth-type", "digest", url,
        ])
        let (unchecked, _, _) = await run(["--print=h", "--auth", "ann:wrong", "--auth-type", "digest", url])
        let attempts = server.recordedRequests.count
        try await server.shutdown()
        #expect(checked == 4)
        #expect(out.hasPrefix("HTTP/1.1 401 Unauthorized\n"))
        #expect(!error.contains("pass credentials"))
        #expect(unchecked == 0)
        // Each run: the first request, then one try with the credentials (never more, accounts lock).
        #expect(attempts == 4)
    }

    @Test func anUnknownSchemeIsAUsageErrorSayingSo() async {
        let (status, _, error) = await run(["htp://example.com/"])
        #expect(status == 2)
        #expect(error.contains("unsupported scheme 'htp'"))
        #expect(!error.contains("protocol handler"))
    }

    @Test func theUserAgentIsCourierAndItsVersionOnly() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        _ = await run([server.url("/ua").absoluteString])
        let agent = server.recordedRequests.first?.headers[.userAgent]
        try await server.shutdown()
        #expect(agent == "courier/\(CourierVersion.string)")
    }

    @Test(arguments: [
        (["--timeout", "-1"], "--timeout must be 0 or more (0: no idle timeout), not -1"),
        (["--max-time", "-2.5"], "--max-time must be 0 or more (0: no overall limit), not -2.5"),
        (["--retry", "-1"], "--retry must be 0 or more, not -1"),
        (["--max-redirects", "-3"], "--max-redirects must be 0 or more, not -3"),
    ])
    func negativeNumbersAreNamedNotMissing(flags: [String], message: String) async {
        let (status, _, error) = await run(flags + ["example.com"])
        #expect(status == 2)
        #expect(error.hasPrefix("courier: error: \(message)"))
        #expect(!error.contains("Missing value"))
    }

    @Test func zeroTurnsTheTimeoutsOffAsInHTTPieAndCurl() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let (status, output, error) = await run(["--timeout", "0", "--max-time", "0", server.url("/").absoluteString])
        try await server.shutdown()
        #expect(status == 0, "\(error)")
        #expect(output.contains("ok"))
    }

    @Test func aBusyPortIsNamedWithTheWayOut() async throws {
        let holder = try await TestServer.start { _ in .text("taken") }
        let (status, _, error) = await run(["serve", "--port", String(holder.port), "--warehouse-port", "0"])
        try await holder.shutdown()
        #expect(status == 1)
        #expect(error.contains("port \(holder.port) on 127.0.0.1 is already in use (--port)"))
        #expect(error.contains("--port 0"))
        #expect(error.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        RequestCommand.configuration.discussion, DownloadCommand.configuration.discussion,
        BenchCommand.configuration.discussion, TourCommand.configuration.discussion,
    ])
    func helpProseHasNoHardLineBreaksInsideSentences(discussion: String) {
        // Indented lines are tables and examples; prose lines end where a sentence or a list intro does.
        let prose = discussion.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(!prose.isEmpty)
        for line in prose {
            #expect(".:)".contains(line.last ?? "."), "\(line)")
        }
    }
}
