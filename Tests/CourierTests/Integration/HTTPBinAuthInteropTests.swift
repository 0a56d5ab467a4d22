import Courier
import Foundation
import Testing

/// Authentication against a real httpbin (PyPI's `httpbin` under gunicorn on loopback), started by
/// `.ci/interop/run.sh`, which exports `COURIER_HTTPBIN_URL`. Skipped unless `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct HTTPBinAuthInteropTests {
    var baseURL: String { ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] ?? "http://127.0.0.1:1" }

    struct Authenticated: Decodable {
        var authenticated: Bool
        var user: String?
        var token: String?
    }

    func makeSession(
        delegate: ChallengeDelegate? = nil, _ configure: (inout SessionConfiguration) -> Void = { _ in }
    ) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        configure(&configuration)
        return Session(configuration: configuration, delegate: delegate)
    }

    @Test func basicWithPermissionOverHTTP() async throws {
        let delegate = ChallengeDelegate { _ in .useCredential(.user("ann", password: "s3cret")) }
        let session = makeSession(delegate: delegate) { $0.allowsBasicAuthenticationOverHTTP = true }
        let response = try await session.data(for: try Request("\(baseURL)/basic-auth/ann/s3cret"))
        #expect(response.status == .ok)
        let body = try response.decode(Authenticated.self)
        #expect(body.authenticated && body.user == "ann")
        #expect(delegate.challenges.withLock { $0.first?.protectionSpace.authenticationMethod } == .httpBasic)
        await session.finishTasksAndInvalidate()
    }

    @Test func basicIsRefusedOverHTTPByDefault() async throws {
        let delegate = ChallengeDelegate { _ in .useCredential(.user("ann", password: "s3cret")) }
        let session = makeSession(delegate: delegate)
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("\(baseURL)/basic-auth/ann/s3cret"))
        }
        #expect(error?.code == .userAuthenticationRequired)
        await session.finishTasksAndInvalidate()
    }

    @Test func aRejectedPasswordIsNotTriedAgain() async throws {
        let delegate = ChallengeDelegate { challenge in
            challenge.previousFailureCount == 0
                ? .useCredential(.user("ann", password: "wrong")) : .performDefaultHandling
        }
        let session = makeSession(delegate: delegate) { $0.allowsBasicAuthenticationOverHTTP = true }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("\(baseURL)/basic-auth/ann/s3cret"))
        }
        // The second challenge reports the failure; the same credential is not sent a second time.
        #expect(error?.code == .userAuthenticationRequired)
        #expect(delegate.challenges.withLock { $0.map(\.previousFailureCount) } == [0, 1])
        await session.finishTasksAndInvalidate()
    }

    @Test(arguments: [
        "digest-auth/auth/u/p/MD5", "digest-auth/auth/u/p/SHA-256", "digest-auth/auth-int/u/p/MD5",
        "digest-auth/auth/u/p/MD5-sess",
    ])
    func digest(path: String) async throws {
        let delegate = ChallengeDelegate { _ in .useCredential(.user("u", password: "p")) }
        let session = makeSession(delegate: delegate)
        let response = try await session.data(for: try Request("\(baseURL)/\(path)"))
        #expect(response.status == .ok, "\(response.text ?? "")")
        #expect(try response.decode(Authenticated.self).authenticated)
        #expect(delegate.challenges.withLock { $0.first?.protectionSpace.authenticationMethod } == .httpDigest)
        await session.finishTasksAndInvalidate()
    }

    @Test func bearerTokenIsRefreshedAfterA401() async throws {
        // httpbin's /bearer accepts any token and answers 401 without one: start with none.
        let bearer = BearerTokenAuthenticator(token: nil) { _ in "token-from-login" }
        let session = makeSession { $0.interceptors = [bearer] }
        let response = try await session.data(for: try Request("\(baseURL)/bearer"))
        #expect(response.status == .ok)
        #expect(try response.decode(Authenticated.self).token == "token-from-login")
        await session.finishTasksAndInvalidate()
    }

    @Test func credentialsDoNotFollowARedirectToAnotherOrigin() async throws {
        // The same httpbin under another host name (127.0.0.2 reaches the same loopback listener only when
        // it listens on 127.0.0.1, so use "localhost" as the other origin).
        let other = baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        try #require(other != baseURL)
        let session = makeSession()
        var request = try Request(
            "\(baseURL)/redirect-to?url=\(other.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")%2Fheaders"
        )
        request.headerFields[.authorization] = "Basic YW5uOnMzY3JldA=="
        request.headerFields[.cookie] = "session=abc"
        let response = try await session.data(for: request)
        #expect(response.status == .ok)
        #expect(response.redirectChain.count == 1)
        struct Headers: Decodable { var headers: [String: String] }
        let seen = try response.decode(Headers.self).headers
        #expect(seen["Authorization"] == nil)
        #expect(seen["Cookie"] == nil)
        await session.finishTasksAndInvalidate()
    }
}
