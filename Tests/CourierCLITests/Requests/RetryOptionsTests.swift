import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import CourierCLI

@Suite("courier --retry")
struct RetryOptionsTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    /// 503 (retry at once) twice, then 200.
    func flakyServer() async throws -> TestServer {
        let count = Mutex(0)
        return try await TestServer.start { _ in
            let index = count.withLock { count in
                defer { count += 1 }
                return count
            }
            return index < 2 ? .text("busy", status: 503, headers: [.retryAfter: "0"]) : .text("fine")
        }
    }

    @Test func retriesAreSilentWithoutVerbose() async throws {
        let server = try await flakyServer()
        let (status, out, error) = await run(["--retry", "3", server.url("/status").absoluteString])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out == "fine")
        #expect(error.isEmpty)
        #expect(server.recordedRequests.count == 3)
    }

    @Test func verboseNotesEachRetry() async throws {
        let server = try await flakyServer()
        let url = server.url("/status").absoluteString
        let (status, out, _) = await run(["-v", "--retry", "2", url])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out.contains("# retry 1/2: status 503 for GET \(url) — again in 0.0 s"))
        #expect(out.contains("# retry 2/2: status 503 for GET \(url)"))
        #expect(out.contains("fine"))
    }

    @Test func withoutTheOptionNothingIsRetried() async throws {
        let server = try await flakyServer()
        let (status, out, _) = await run([server.url("/status").absoluteString])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out == "busy")
        #expect(server.recordedRequests.count == 1)
    }

    @Test(arguments: [
        ["--retry", "-1", "example.com"], ["--retry", "1000", "example.com"], ["--retry", "x", "e.com"],
    ])
    func badCountsAreUsageErrors(arguments: [String]) async {
        let (status, _, error) = await run(arguments)
        #expect(status == 2)
        #expect(error.contains("--retry"))
    }

    @Test func theOptionSetsThePolicy() throws {
        var configuration = SessionConfiguration.ephemeral
        let options = try RetryOptions.parse(["--retry", "4"])
        options.apply(to: &configuration, verbose: false, io: CLIIO.Capture().io())
        #expect(configuration.retryPolicy.maximumRetries == 4)
        #expect(configuration.retryPolicy.onRetry == nil)
        let none = try RetryOptions.parse([])
        none.apply(to: &configuration, verbose: true, io: CLIIO.Capture().io())
        #expect(configuration.retryPolicy.maximumRetries == 0)
    }
}
