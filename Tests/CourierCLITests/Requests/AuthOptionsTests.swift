import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI

@Suite("courier --auth and --auth-type")
struct AuthOptionsTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    /// Answers 200 only to the expected `Authorization` value, 401 with `challenge` otherwise.
    func server(challenge: String, accepts: @escaping @Sendable (String) -> Bool) async throws -> TestServer {
        try await TestServer.start { request in
            if let authorization = request.headers[.authorization], accepts(authorization) {
                return .text("welcome")
            }
            return TestServer.Response(status: 401, headers: [("WWW-Authenticate", challenge)])
        }
    }

    @Test func basicOverHTTPIsSentAtOnceWithAOneLineWarning() async throws {
        let expected = "Basic " + Data("ann:s3cret".utf8).base64EncodedString()
        let server = try await server(challenge: #"Basic realm="shop""#) { $0 == expected }
        let (status, out, error) = await run(["--auth", "ann:s3cret", server.url("/account").absoluteString])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out == "welcome")
        #expect(error.split(separator: "\n").count == 1)
        #expect(error.contains("warning") && error.contains("plain http"))
        #expect(!error.contains("s3cret"))
        // httpie's rule: Basic goes with the first request, no 401 round trip.
        #expect(server.recordedRequests.count == 1)
    }

    @Test func digestAnswersTheChallenge() async throws {
        let challenge = #"Digest realm="vault", nonce="abc123", qop="auth", algorithm=SHA-256"#
        let server = try await server(challenge: challenge) { value in
            value.hasPrefix("Digest ") && value.contains(#"username="u""#) && value.contains(#"realm="vault""#)
                && value.contains("algorithm=SHA-256") && !value.contains("p4ss")
        }
        let (status, out, _) = await run([
            "--auth", "u:p4ss", "--auth-type", "digest", server.url("/vault").absoluteString,
        ])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out == "welcome")
        #expect(server.recordedRequests.count == 2)
        #expect(server.recordedRequests.first?.headers[.authorization] == nil)
    }

    @Test func bearerSendsTheToken() async throws {
        let server = try await server(challenge: "Bearer") { $0 == "Bearer t0ken" }
        let (status, out, _) = await run(["--auth", "t0ken", "--auth-type", "bearer", server.url("/").absoluteString])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out == "welcome")
    }

    @Test func wrongCredentialsExitWithTheHTTPErrorStatus() async throws {
        let server = try await server(challenge: #"Basic realm="shop""#) { _ in false }
        let (status, _, _) = await run([
            "--check-status", "--auth", "ann:wrong", server.url("/account").absoluteString,
        ])
        try await server.shutdown()
        #expect(status != 0)
    }

    @Test(arguments: [
        ["--auth-type", "kerberos", "--auth", "a:b", "http://127.0.0.1:9/"],
        ["--auth", "", "http://127.0.0.1:9/"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async {
        let (status, output, _) = await run(arguments)
        #expect(status == 2)
        #expect(output.isEmpty)
    }
}
