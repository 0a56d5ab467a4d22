import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import CourierCLI

#if canImport(Glibc)
    import Glibc
#endif

@Suite("courier: sessions bound to a host, redirects, ports, --max-time, closed pipes")
struct RobustnessTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(environment: environment))
        return (status, capture.standardOutput, capture.standardError)
    }

    func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = stat(path, &status)
        return status.st_mode & 0o777
    }

    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-robust-\(UUID())")
    }

    @Test func aNamedSessionsCredentialsNeverGoToAnotherHost() async throws {
        let config = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path]
        let basic = "Authorization: Basic " + Data("ann:pw".utf8).base64EncodedString()
        _ = await run(["--session", "s1", "--offline", "--auth", "ann:pw", "hosta.test/a"], environment: environment)
        let (_, other, _) = await run(["--session", "s1", "--offline", "hostb.test/b"], environment: environment)
        #expect(!other.contains("Authorization"))
        let (_, same, _) = await run(["--session", "s1", "--offline", "hosta.test/c"], environment: environment)
        #expect(same.contains(basic))
        let directory = config.appendingPathComponent("courier/sessions/hosta.test_80/s1")
        #expect(mode(directory.path) == 0o700)
        #expect(mode(directory.appendingPathComponent("session.json").path) == 0o600)
    }

    @Test func aSessionFilePathKeepsItsHostAndItsFilesBesideIt() async throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.json")
        _ = await run([
            "--session", file.path, "--offline", "--auth", "ann:pw", "hosta.test/a", "X-API-Key:k1", "X-Trace:t",
        ])
        #expect(mode(file.path) == 0o600)
        let stored = try String(contentsOf: file, encoding: .utf8)
        #expect(stored.contains("hosta.test:80"))
        let (_, other, error) = await run(["--session", file.path, "--offline", "hostb.test/b"])
        #expect(!other.contains("Authorization"))
        #expect(!other.contains("X-API-Key"))
        #expect(other.contains("X-Trace: t"))
        #expect(error.contains("belongs to hosta.test:80"))
        // The other host did not take the session over.
        let (_, again, _) = await run(["--session", file.path, "--offline", "hosta.test/c"])
        #expect(again.contains("X-API-Key: k1"))
        // What else the session keeps lives beside its file; no temporary is left.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["s.cookies.json", "s.json"])
        #expect(mode(directory.appendingPathComponent("s.cookies.json").path) == 0o600)
    }

    @Test func aRedirectToAFileIsRefusedByTheCLI() async throws {
        let server = try await TestServer.start { _ in
            .init(status: 302, headers: [.location: "file:///etc/passwd"])
        }
        let (status, out, error) = await run(["--follow", server.url("/x").absoluteString])
        #expect(status == 1)
        #expect(!out.contains("root:"))
        #expect(error.contains("\"file:\""))
        try await server.shutdown()
    }

    @Test func aPortOutOfRangeIsOneLineNotACrash() async {
        let (status, _, error) = await run(["http://127.0.0.1:99999/"])
        #expect(status == 1)
        #expect(error.contains("65535"))
    }

    @Test func maxTimeEndsAnExchangeWhoseBodyDrips() async throws {
        let server = try await TestServer.start { _ in
            .slowBody(chunks: Array(repeating: Data("x".utf8), count: 40), delay: .milliseconds(250))
        }
        let (status, _, error) = await run(["--max-time", "1", "--timeout", "5", server.url("/drip").absoluteString])
        #expect(status != 0)
        #expect(error.contains("timed out after 1 s (--max-time)"), "\(error)")
        try await server.shutdown()
    }

    @Test(.enabled(if: CourierBinary.url != nil, "build the courier executable first"))
    func aReaderThatGoesAwayEndsTheCommandQuietly() async throws {
        let body = Data(repeating: 0x61, count: 2_000_000)
        let server = try await TestServer.start { _ in .data(body, headers: [.contentType: "text/plain"]) }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        // The reader is gone before courier writes anything (`| true`).
        close(ends[0])
        let process = try TestProcess(
            try #require(CourierBinary.url).path, [server.url("/big").absoluteString], output: .descriptor(ends[1]),
            error: .capture)
        close(ends[1])
        let ended = await process.exited()
        let errorText = String(decoding: process.errorOutput, as: UTF8.self)
        #expect(ended.succeeded, "\(ended): \(errorText)")
        #expect(!errorText.contains("Fatal error"))
        try await server.shutdown()
    }

    @Test func repeatedHeaderItemsAreAllSent() async throws {
        let server = try await TestServer.start { request in
            let lines = request.headers.filter { ["x-a", "cookie"].contains($0.name.canonicalName) }
                .map { "\($0.name.rawName)=\($0.value)" }
            return .text(lines.joined(separator: "\n"))
        }
        let (status, out, _) = await run([
            server.url("/h").absoluteString, "X-A:1", "X-A:2", "Cookie:a=1", "Cookie:b=2",
        ])
        #expect(status == 0)
        #expect(out.contains("X-A=1") && out.contains("X-A=2"), "\(out)")
        // Cookie lines are folded into one by the cookie stage (RFC 6265: one Cookie field), but none is lost.
        #expect(out.contains("a=1") && out.contains("b=2"), "\(out)")
        try await server.shutdown()
    }
}
