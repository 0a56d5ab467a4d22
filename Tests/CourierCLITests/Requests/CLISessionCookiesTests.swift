import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCLI

@Suite("courier --session cookies")
struct CLISessionCookiesTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    /// /login redirects home setting a session cookie and a persistent one; /echo shows the Cookie
    /// header it got; /fail is a 500 that sets a cookie.
    static let handler: TestServer.Handler = { request in
        switch request.path {
        case "/login":
            return TestServer.Response(
                status: 302,
                headers: [
                    ("Location", "/home"), ("Set-Cookie", "sid=abc; Path=/"), ("Set-Cookie", "pref=1; Max-Age=3600"),
                ])
        case "/fail":
            return TestServer.Response(status: 500, headers: [("Set-Cookie", "late=1; Path=/")])
        case "/echo":
            return .text(request.headers[.cookie] ?? "no cookies")
        default:
            return .text("home")
        }
    }

    @Test func theJarIsKeptWholeBetweenRunsIncludingSessionCookies() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-session-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await TestServer.start(handler: Self.handler)
        // Nothing below throws: a failed expectation is recorded and the server is still shut down.
        let base = server.baseURL.absoluteString
        let (loginStatus, login, _) = await run(["--session", directory.path + "/", "--follow", base + "/login"])
        #expect(loginStatus == 0)
        #expect(login == "home")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("cookies.json").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("session.json").path))

        // A new process: the session cookie sid came along, as with httpie and curl's jars.
        let (_, echoed, _) = await run(["--session", directory.path + "/", base + "/echo"])
        #expect(echoed == "sid=abc; pref=1")

        // A failed request that got a response still saves what it set.
        let (failStatus, _, _) = await run(["--session", directory.path + "/", "--check-status", base + "/fail"])
        #expect(failStatus == CourierCLI.ExitStatus.serverError5xx)
        let (_, after, _) = await run(["--session", directory.path + "/", base + "/echo"])
        #expect(after == "sid=abc; pref=1; late=1")

        // Without --session nothing is remembered.
        let (_, plain, _) = await run([base + "/echo"])
        #expect(plain == "no cookies")
        try await server.shutdown()
    }

    @Test func aDamagedCookieFileIsAWarningNotAFailure() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-session-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\"format\": \"courier-cookies\", \"cook".utf8).write(
            to: directory.appendingPathComponent("cookies.json"))
        let (status, out, error) = await run(["--session", directory.path + "/", "data:text/plain,fine"])
        #expect(status == 0)
        #expect(out == "fine")
        #expect(error.contains("warning") && error.contains("cookies.json"))
        // The next save replaced it with a valid (empty) jar.
        let jar = CookieStorage()
        try jar.load(contentsOf: directory.appendingPathComponent("cookies.json"))
        #expect(jar.cookies.isEmpty)
    }
}
