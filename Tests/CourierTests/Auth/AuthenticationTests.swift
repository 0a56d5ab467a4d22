import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

@Suite("Authentication header parsing")
struct AuthenticationHeaderParserTests {
    @Test func parsesSeveralChallengesInOneField() {
        let challenges = AuthenticationHeaderParser.parse(
            #"Digest realm="staff", nonce="abc", qop="auth,auth-int", algorithm=SHA-256, Basic realm="simple", Negotiate"#
        )
        #expect(challenges.map(\.scheme) == ["digest", "basic", "negotiate"])
        #expect(challenges[0].parameters["qop"] == "auth,auth-int")
        #expect(challenges[0].parameters["algorithm"] == "SHA-256")
        #expect(challenges[1].realm == "simple")
    }

    @Test func parsesToken68AndEscapes() {
        let challenges = AuthenticationHeaderParser.parse([
            "NTLM TlRMTVNTUAACAAAA==", #"Basic realm="a \"quoted\" realm""#,
        ])
        #expect(challenges[0].scheme == "ntlm")
        #expect(challenges[0].token68 == "TlRMTVNTUAACAAAA==")
        #expect(challenges[1].realm == #"a "quoted" realm"#)
    }

    @Test(arguments: [
        #"Basic realm="unterminated"#, "=", ",,,", #"realm="no scheme""#, "Digest nonce", "Basic realm=", "\u{0}\u{1}",
        String(repeating: "Basic realm=x, ", count: 2000),
    ])
    func malformedInputNeverCrashes(input: String) {
        _ = AuthenticationHeaderParser.parse(input)
    }

    @Test(.ownThread) func randomInputNeverCrashesOrHangs() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("Basic Digest realm=\"\\, =abc\t")
        for _ in 0..<2000 {
            let length = Int.random(in: 0..<80, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            _ = AuthenticationHeaderParser.parse(text)
        }
    }
}

@Suite("Digest (RFC 7616)")
struct DigestAuthenticatorTests {
    // RFC 7616 §3.9.1: the "Mufasa" example.
    static let rfcChallenge = AuthenticationHeaderChallenge(
        scheme: "digest", token68: nil,
        parameters: [
            "realm": "http-auth@example.org", "qop": "auth, auth-int",
            "nonce": "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
            "opaque": "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS",
        ])

    @Test(arguments: [
        ("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
        ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
    ])
    func rfc7616Vectors(algorithm: String, expected: String) throws {
        var header = Self.rfcChallenge
        header.parameters["algorithm"] = algorithm
        let challenge = try #require(DigestAuthenticator.Challenge(header, canHashBody: false))
        #expect(challenge.qop == .auth)
        let value = DigestAuthenticator.authorization(
            challenge: challenge, user: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html",
            body: nil, nonceCount: 1, clientNonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ")
        #expect(value.contains(#"response="\#(expected)""#))
        #expect(value.contains("nc=00000001"))
        #expect(value.contains(#"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#))
        #expect(value.hasPrefix(#"Digest username="Mufasa""#))
    }

    @Test func userhashHidesTheUserName() throws {
        var header = Self.rfcChallenge
        header.parameters["algorithm"] = "SHA-256"
        header.parameters["userhash"] = "true"
        let challenge = try #require(DigestAuthenticator.Challenge(header, canHashBody: false))
        let value = DigestAuthenticator.authorization(
            challenge: challenge, user: "Mufasa", password: "Circle of Life", method: "GET", uri: "/", body: nil,
            nonceCount: 1, clientNonce: "x")
        let expected = DigestAuthenticator.hash("Mufasa:http-auth@example.org", .sha256)
        #expect(value.contains(#"username="\#(expected)""#))
        #expect(value.contains("userhash=true"))
        #expect(!value.contains("Mufasa"))
    }

    @Test func authIntHashesTheBodyAndNeedsIt() throws {
        var header = Self.rfcChallenge
        header.parameters["qop"] = "auth-int"
        #expect(DigestAuthenticator.Challenge(header, canHashBody: false) == nil)
        let challenge = try #require(DigestAuthenticator.Challenge(header, canHashBody: true))
        #expect(challenge.qop == .authInt)
        let one = DigestAuthenticator.authorization(
            challenge: challenge, user: "u", password: "p", method: "POST", uri: "/", body: Data("a".utf8),
            nonceCount: 1, clientNonce: "c")
        let two = DigestAuthenticator.authorization(
            challenge: challenge, user: "u", password: "p", method: "POST", uri: "/", body: Data("b".utf8),
            nonceCount: 1, clientNonce: "c")
        #expect(one != two)
    }

    @Test func unknownAlgorithmsAndMissingNoncesAreRefused() {
        var header = Self.rfcChallenge
        header.parameters["algorithm"] = "SHA-1024"
        #expect(DigestAuthenticator.Challenge(header, canHashBody: true) == nil)
        header = Self.rfcChallenge
        header.parameters["nonce"] = nil
        #expect(DigestAuthenticator.Challenge(header, canHashBody: true) == nil)
    }

    @Test func strongestOfferComesFirst() {
        let offers = AuthenticationInterceptor.ordered(
            AuthenticationHeaderParser.parse([
                #"Basic realm="r""#, #"Digest realm="r", nonce="n", algorithm=MD5"#,
                #"Digest realm="r", nonce="n", algorithm=SHA-256"#,
            ]), canHashBody: false)
        #expect(offers.map(\.method) == [.httpDigest, .httpDigest, .httpBasic])
        #expect(offers.first?.digest?.algorithm == .sha256)
    }
}

/// A server that wants Basic or Digest credentials, written from RFC 7617/7616 for the tests.
enum AuthServer {
    static func basic(user: String, password: String, realm: String = "Staff") -> TestServer.Handler {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        return { request in
            if request.headers[.authorization] == expected { return .text("welcome") }
            return TestServer.Response(status: 401, headers: [("WWW-Authenticate", #"Basic realm="\#(realm)""#)])
        }
    }

    /// Digest with a fixed nonce; `staleOnce` answers the first correct response with stale=true.
    static func digest(
        user: String, password: String, algorithm: String = "SHA-256", realm: String = "Vault", staleOnce: Bool = false
    ) -> TestServer.Handler {
        let nonces = Mutex(["n-1"])
        return { request in
            let current = nonces.withLock { $0.last ?? "" }
            let challenge =
                #"Digest realm="\#(realm)", nonce="\#(current)", qop="auth", algorithm=\#(algorithm), opaque="op""#
            guard let header = request.headers[.authorization],
                let parsed = AuthenticationHeaderParser.parse(header).first, parsed.scheme == "digest",
                let nonce = parsed.parameters["nonce"], let cnonce = parsed.parameters["cnonce"],
                let nc = parsed.parameters["nc"], let uri = parsed.parameters["uri"],
                let algo = DigestAuthenticator.Algorithm(name: parsed.parameters["algorithm"])
            else {
                return TestServer.Response(status: 401, headers: [("WWW-Authenticate", challenge)])
            }
            let ha1 = DigestAuthenticator.hash("\(user):\(realm):\(password)", algo)
            let ha2 = DigestAuthenticator.hash("\(request.method):\(uri)", algo)
            let expected = DigestAuthenticator.hash("\(ha1):\(nonce):\(nc):\(cnonce):auth:\(ha2)", algo)
            guard parsed.parameters["response"] == expected, uri == request.target else {
                return TestServer.Response(status: 401, headers: [("WWW-Authenticate", challenge)])
            }
            if nonce != current {
                return TestServer.Response(status: 401, headers: [("WWW-Authenticate", challenge + ", stale=true")])
            }
            if staleOnce, nonces.withLock({ $0.count }) == 1 {
                nonces.withLock { $0.append("n-2") }
                let stale =
                    #"Digest realm="\#(realm)", nonce="n-2", qop="auth", algorithm=\#(algorithm), opaque="op", stale=true"#
                return TestServer.Response(status: 401, headers: [("WWW-Authenticate", stale)])
            }
            return .text("vault open, nc=\(nc)")
        }
    }
}

@Suite("Authentication challenges")
struct AuthenticationFlowTests {
    @Test func basicWithURLCredentialsOverHTTPIsRefusedByDefault() async throws {
        try await withServer(handler: AuthServer.basic(user: "ann", password: "pw")) { server, session in
            var components = URLComponents(url: server.url("/private"), resolvingAgainstBaseURL: false)!
            components.user = "ann"
            components.password = "pw"
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: components.url!))
            }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(error?.message.contains("plain http") == true)
            // Only the unauthenticated request reached the server: the password never travelled.
            #expect(server.recordedRequests.count == 1)
            #expect(server.recordedRequests.allSatisfy { $0.headers[.authorization] == nil })
        }
    }

    @Test func basicWorksOverHTTPWhenAllowed() async throws {
        try await withServer(
            configure: { $0.allowsBasicAuthenticationOverHTTP = true },
            handler: AuthServer.basic(user: "ann", password: "pw")
        ) { server, session in
            let store = try #require(session.configuration.urlCredentialStorage)
            try store.set(
                .user("ann", password: "pw"),
                for: ProtectionSpace(url: server.url("/"), realm: "Staff", authenticationMethod: .httpBasic))
            let first = try await session.data(for: Request(url: server.url("/private/a")))
            #expect(first.text == "welcome")
            #expect(server.recordedRequests.count == 2)
        }
    }

    @Test func answeredBasicSpacesGetCredentialsPreemptivelyOverHTTPS() async throws {
        let stubs = StubProtocolHandler()
        let expected = "Basic " + Data("ann:pw".utf8).base64EncodedString()
        stubs.stub(matching: { $0.headerFields[.authorization] == expected }, response: .text("welcome"))
        stubs.stub(
            matching: { $0.headerFields[.authorization] == nil },
            response: StubResponse(status: .unauthorized, headerFields: [.wwwAuthenticate: #"Basic realm="Staff""#]))
        let session = stubbedSession(stubs)
        try session.configuration.urlCredentialStorage?.set(
            .user("ann", password: "pw"),
            for: ProtectionSpace(host: "secure.test", realm: "Staff", authenticationMethod: .httpBasic))
        _ = try await session.data(for: try Request("https://secure.test/docs/a"))
        #expect(stubs.receivedRequests.count == 2)
        let second = try await session.data(for: try Request("https://secure.test/docs/b"))
        #expect(second.text == "welcome")
        #expect(stubs.receivedRequests.count == 3)
        // Outside the path the credentials were used for, no preemptive credentials.
        _ = try await session.data(for: try Request("https://secure.test/other"))
        #expect(stubs.receivedRequests[3].headerFields[.authorization] == nil)
        await session.finishTasksAndInvalidate()
    }

    @Test func secondFailureGivesUpWithoutRetryingForever() async throws {
        try await withServer(
            configure: { $0.allowsBasicAuthenticationOverHTTP = true },
            handler: AuthServer.basic(user: "ann", password: "right")
        ) { server, session in
            try session.configuration.urlCredentialStorage?.set(
                .user("ann", password: "wrong"),
                for: ProtectionSpace(url: server.url("/"), realm: "Staff", authenticationMethod: .httpBasic))
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/x")))
            }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(error?.statusCode == 401)
            #expect(server.recordedRequests.count == 2)
        }
    }

    @Test func aChallengeWithoutCredentialsIsJustAResponse() async throws {
        try await withServer(handler: AuthServer.basic(user: "a", password: "b")) { server, session in
            let response = try await session.data(for: Request(url: server.url("/x")))
            #expect(response.status.code == 401)
        }
    }

    @Test func a401WithoutWWWAuthenticateIsJustAResponse() async throws {
        try await withServer(handler: { _ in TestServer.Response(status: 401) }) { server, session in
            try session.configuration.urlCredentialStorage?.set(
                .user("a", password: "b"), for: ProtectionSpace(url: server.url("/")))
            let response = try await session.data(for: Request(url: server.url("/x")))
            #expect(response.status.code == 401)
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test(arguments: ["MD5", "SHA-256", "SHA-512-256"])
    func digestFlow(algorithm: String) async throws {
        let delegate = ChallengeDelegate { _ in .useCredential(.user("mufasa", password: "lion")) }
        try await withServer(
            delegate: delegate, handler: AuthServer.digest(user: "mufasa", password: "lion", algorithm: algorithm)
        ) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/vault?x=1")))
            #expect(response.text?.hasPrefix("vault open") == true)
            #expect(delegate.challenges.withLock { $0.first?.protectionSpace.authenticationMethod } == .httpDigest)
            #expect(delegate.challenges.withLock { $0.first?.protectionSpace.realm } == "Vault")
            // The space is remembered: the next request sends Digest with the next nonce count at once.
            let again = try await session.data(for: Request(url: server.url("/vault?x=2")))
            #expect(again.text == "vault open, nc=00000002")
            #expect(server.recordedRequests.count == 3)
        }
    }

    @Test func staleNonceIsRetriedWithoutCountingAsAFailure() async throws {
        let delegate = ChallengeDelegate { challenge in
            challenge.previousFailureCount == 0 ? .useCredential(.user("u", password: "p")) : .cancel
        }
        try await withServer(delegate: delegate, handler: AuthServer.digest(user: "u", password: "p", staleOnce: true))
        {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/s")))
            #expect(response.text?.hasPrefix("vault open") == true)
            #expect(server.recordedRequests.count == 3)
            #expect(delegate.challenges.withLock { $0.count } == 1)
        }
    }

    @Test func delegateCancelStopsWithUserCancelled() async throws {
        let delegate = ChallengeDelegate { _ in .cancel }
        try await withServer(delegate: delegate, handler: AuthServer.digest(user: "u", password: "p")) {
            server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/s")))
            }
            #expect(error?.code == .userCancelledAuthentication)
        }
    }

    @Test func rejectingASpaceTriesTheNextScheme() async throws {
        let handler: TestServer.Handler = { request in
            if request.headers[.authorization] == "Basic " + Data("u:p".utf8).base64EncodedString() {
                return .text("basic ok")
            }
            return TestServer.Response(
                status: 401,
                headers: [
                    ("WWW-Authenticate", #"Digest realm="r", nonce="n""#), ("WWW-Authenticate", #"Basic realm="r""#),
                ])
        }
        let delegate = ChallengeDelegate { challenge in
            challenge.protectionSpace.authenticationMethod == .httpDigest
                ? .rejectProtectionSpace : .useCredential(.user("u", password: "p"))
        }
        try await withServer(
            configure: { $0.allowsBasicAuthenticationOverHTTP = true }, delegate: delegate, handler: handler
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.text == "basic ok")
            #expect(
                delegate.challenges.withLock { $0.map(\.protectionSpace.authenticationMethod) } == [
                    .httpDigest, .httpBasic,
                ])
        }
    }

    @Test func thePhishingHostNeverGetsThePassword() async throws {
        // The book's example: the app trusts yourbankingdomain.com; a page redirects it to
        // yourbankingdomain.phishing.com, which asks for the password.
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "https://yourbankingdomain.phishing.com/login",
            response: StubResponse(status: .unauthorized, headerFields: [.wwwAuthenticate: #"Basic realm="Bank""#]))
        let session = stubbedSession(stubs) { configuration in
            configuration.authenticationAllowList = [ProtectionSpaceRule(host: "yourbankingdomain.com")]
        }
        try session.configuration.urlCredentialStorage?.set(
            .user("customer", password: "secret"),
            for: ProtectionSpace(
                host: "yourbankingdomain.phishing.com", realm: "Bank", authenticationMethod: .httpBasic))
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://yourbankingdomain.phishing.com/login"))
        }
        #expect(error?.code == .userCancelledAuthentication)
        #expect(error?.message.contains("allow-list") == true)
        #expect(stubs.receivedRequests.count == 1)
        #expect(stubs.receivedRequests.allSatisfy { $0.headerFields[.authorization] == nil })
        await session.finishTasksAndInvalidate()
    }

    @Test func urlCredentialsOverHTTPSAnswerBasicAndAreNotForwarded() async throws {
        let stubs = StubProtocolHandler()
        let expected = "Basic " + Data("ann:p@ss".utf8).base64EncodedString()
        stubs.stub(matching: { $0.headerFields[.authorization] == expected }, response: .text("in"))
        stubs.stub(
            matching: { $0.headerFields[.authorization] == nil },
            response: StubResponse(status: .unauthorized, headerFields: [.wwwAuthenticate: #"Basic realm="R""#]))
        let session = stubbedSession(stubs)
        let response = try await session.data(for: try Request("https://ann:p%40ss@secure.test/doc"))
        #expect(response.text == "in")
        #expect(stubs.receivedRequests.allSatisfy { $0.url.user == nil })
        await session.finishTasksAndInvalidate()
    }

    @Test func proxyChallengesUseProxyAuthorization() async throws {
        let stubs = StubProtocolHandler()
        let expected = "Basic " + Data("p:q".utf8).base64EncodedString()
        stubs.stub(matching: { $0.headerFields[.proxyAuthorization] == expected }, response: .text("through"))
        stubs.stub(
            matching: { $0.headerFields[.proxyAuthorization] == nil },
            response: StubResponse(
                status: .proxyAuthenticationRequired, headerFields: [.proxyAuthenticate: #"Basic realm="proxy""#]))
        let delegate = ChallengeDelegate { challenge in
            challenge.protectionSpace.isProxy ? .useCredential(.user("p", password: "q")) : .cancel
        }
        let session = stubbedSession(stubs, delegate: delegate)
        let response = try await session.data(for: try Request("https://behind.proxy.test/"))
        #expect(response.text == "through")
        await session.finishTasksAndInvalidate()
    }

    @Test func permanentCredentialsAreFoundByANewStore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cred-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let space = ProtectionSpace(host: "intranet.test", realm: "Staff", authenticationMethod: .httpDigest)
        let first = CredentialStore(persistentDirectory: directory)
        try first.set(.user("ann", password: "s3cret", persistence: .permanent), for: space)
        try first.set(.user("bob", password: "session-only", persistence: .forSession), for: space)
        let second = CredentialStore(persistentDirectory: directory)
        let found = second.credentials(for: space)
        #expect(found["ann"]?.password == "s3cret")
        #expect(found["bob"] == nil)
        #expect(second.defaultCredential(for: space)?.user == "ann")
        // Nothing readable on disk.
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        for file in files {
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) ?? Data()
            #expect(data.range(of: Data("s3cret".utf8)) == nil)
        }
        second.remove(.user("ann", password: "s3cret"), for: space)
        #expect(CredentialStore(persistentDirectory: directory).credentials(for: space).isEmpty)
    }

    @Test func credentialDescriptionsNeverShowSecrets() {
        #expect(!"\(Credential.user("u", password: "hunter2"))".contains("hunter2"))
        #expect(!"\(Credential.token("tok-123"))".contains("tok-123"))
    }
}

@Suite("Bearer tokens")
struct BearerTokenTests {
    @Test func concurrent401sShareOneRefresh() async throws {
        let refreshes = Mutex(0)
        let unauthorized = Countdown(count: 8)
        let handler: TestServer.Handler = { request in
            if request.headers[.authorization] == "Bearer fresh" { return .text("ok") }
            unauthorized.arrive()
            return TestServer.Response(status: 401)
        }
        let bearer = BearerTokenAuthenticator(token: "old") { failed in
            #expect(failed == "old")
            refreshes.withLock { $0 += 1 }
            // The refresh lasts until every request was refused with the old token: they all fail together.
            await unauthorized.wait()
            return "fresh"
        }
        try await withServer(configure: { $0.interceptors = [bearer] }, handler: handler) { server, session in
            try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<8 {
                    group.addTask { try await session.data(for: Request(url: server.url("/r/\(index)"))).text }
                }
                for try await text in group { #expect(text == "ok") }
            }
        }
        #expect(refreshes.withLock { $0 } == 1)
        #expect(bearer.token == "fresh")
    }

    @Test func aFailedRefreshIsUserAuthenticationRequired() async throws {
        struct Denied: Error {}
        let bearer = BearerTokenAuthenticator(token: nil) { _ in throw Denied() }
        try await withServer(
            configure: { $0.interceptors = [bearer] }, handler: { _ in TestServer.Response(status: 401) }
        ) {
            server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .userAuthenticationRequired)
        }
    }

    @Test func tokensOnlyGoToTheirHosts() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .text("x"))
        let bearer = BearerTokenAuthenticator(token: "t", hosts: ["api.test"]) { _ in "t2" }
        let session = stubbedSession(stubs) { $0.interceptors = [bearer] }
        _ = try await session.data(for: try Request("https://api.test/a"))
        _ = try await session.data(for: try Request("https://elsewhere.test/a"))
        #expect(stubs.receivedRequests[0].headerFields[.authorization] == "Bearer t")
        #expect(stubs.receivedRequests[1].headerFields[.authorization] == nil)
        await session.finishTasksAndInvalidate()
    }
}

/// Answers challenges with a closure and records them.
final class ChallengeDelegate: SessionDelegate {
    let challenges = Mutex<[AuthenticationChallenge]>([])
    let decide: @Sendable (AuthenticationChallenge) -> ChallengeDisposition

    init(_ decide: @escaping @Sendable (AuthenticationChallenge) -> ChallengeDisposition) {
        self.decide = decide
    }

    func session(_ session: Session, task: SessionTask, didReceive challenge: AuthenticationChallenge) async
        -> ChallengeDisposition
    {
        challenges.withLock { $0.append(challenge) }
        return decide(challenge)
    }
}
