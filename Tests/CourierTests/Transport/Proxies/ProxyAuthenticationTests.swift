import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

/// A proxy that asks for Digest or NTLM, answered with the proxy's configured credentials: for plain http in
/// absolute form by the transport (the request goes again with the answer), and for a CONNECT tunnel on the
/// tunnel's own connection.
@Suite("Proxy authentication: Digest and NTLM", .timeLimit(.minutes(1)))
struct ProxyAuthenticationTests {
    private static let user = "proxyuser"
    private static let password = "s3cret"

    private static func session(proxyPort: Int, user: String = user) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.proxy = .http(
            host: "127.0.0.1", port: proxyPort, credentials: ProxyCredentials(user: user, password: password))
        return Session(configuration: configuration)
    }

    /// A proxy that wants Digest (SHA-256) and checks the answer as a proxy would, for the request's method and
    /// absolute target.
    private static func digestProxy(nonce: String) -> TestServer.Handler {
        let offered = "Digest realm=\"proxy\", nonce=\"\(nonce)\", qop=\"auth\", algorithm=SHA-256"
        return { request in
            let answer = request.headers[.proxyAuthorization]
            if ProxyChallengeAnswererTests.isValidDigest(
                answer, offered: offered, user: user, password: password, target: request.target,
                method: request.method)
            {
                return .text("through \(request.target)")
            }
            return TestServer.Response(
                status: 407, headers: [("Proxy-Authenticate", offered)], body: .data(Data("who are you?".utf8)))
        }
    }

    @Test func aDigestProxyIsAnsweredForAnAbsoluteFormRequest() async throws {
        let proxy = try await TestServer.start(handler: Self.digestProxy(nonce: "a1b2"))
        let session = Self.session(proxyPort: proxy.port)
        var request = try Request("http://courier-proxy.invalid:8080/report?q=1")
        request.method = .post
        request.body = .data(Data("payload".utf8))
        let response = try await session.data(for: request)
        #expect(response.status.code == 200)
        #expect(response.text == "through http://courier-proxy.invalid:8080/report?q=1")
        let seen = proxy.recordedRequests
        // The preemptive Basic, then the Digest answer with the body sent again, on the kept-alive connection.
        #expect(seen.count == 2)
        #expect(seen.first?.headers[.proxyAuthorization]?.hasPrefix("Basic ") == true)
        #expect(seen.last?.headers[.proxyAuthorization]?.hasPrefix("Digest ") == true)
        #expect(seen.last.map { String(decoding: $0.body, as: UTF8.self) } == "payload")
        #expect(Set(seen.map(\.connectionIndex)).count == 1)
        await session.finishTasksAndInvalidate()
        try await proxy.shutdown()
    }

    @Test func wrongCredentialsForADigestProxyEndWithItsRefusalAfterOneAnswer() async throws {
        let proxy = try await TestServer.start(handler: Self.digestProxy(nonce: "c3d4"))
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.proxy = .http(
            host: "127.0.0.1", port: proxy.port, credentials: ProxyCredentials(user: Self.user, password: "wrong"))
        let session = Session(configuration: configuration)
        let response = try await session.data(for: Request("http://courier-proxy.invalid/"))
        #expect(response.status.code == 407)
        // Basic, one Digest answer, and no more: repeated tries lock accounts.
        #expect(proxy.recordedRequests.count == 2)
        await session.finishTasksAndInvalidate()
        try await proxy.shutdown()
    }

    @Test func anNTLMProxyIsAnsweredOnOneConnectionForAnAbsoluteFormRequest() async throws {
        let proxy = try await TestServer.start(
            handler: NTLMServer.handler(user: "ann", domain: "CORP", password: Self.password, proxy: true))
        let session = Self.session(proxyPort: proxy.port, user: #"CORP\ann"#)
        let response = try await session.data(for: Request("http://intranet.invalid/sharepoint"))
        #expect(response.status.code == 200)
        #expect(response.text == #"hello CORP\ann"#)
        let seen = proxy.recordedRequests
        // Basic (refused), then Negotiate and Authenticate, which the server checked were on one connection.
        #expect(seen.count == 3)
        #expect(seen.map(\.target).allSatisfy { $0 == "http://intranet.invalid/sharepoint" })
        await session.finishTasksAndInvalidate()
        try await proxy.shutdown()
    }

    @Test func aWrongNTLMPasswordEndsWithTheProxysRefusal() async throws {
        let proxy = try await TestServer.start(
            handler: NTLMServer.handler(user: "ann", domain: "CORP", password: "other", proxy: true))
        let session = Self.session(proxyPort: proxy.port, user: #"CORP\ann"#)
        let response = try await session.data(for: Request("http://intranet.invalid/sharepoint"))
        #expect(response.status.code == 407)
        #expect(proxy.recordedRequests.count == 3)
        await session.finishTasksAndInvalidate()
        try await proxy.shutdown()
    }

    @Test func anNTLMProxyOpensATunnelOnItsOwnConnection() async throws {
        let serverChallenge: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        var challenge = NTLMAuthenticator.signature + NTLMAuthenticator.le32(2)
        challenge += [0, 0, 0, 0, 48, 0, 0, 0]  // empty target name
        challenge += NTLMAuthenticator.le32(NTLMAuthenticator.Flags.negotiate.rawValue)
        challenge += serverChallenge + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 48, 0, 0, 0]
        let token = Data(challenge).base64EncodedString()
        let server = try await FakeProxyServer { connection, server in
            FakeHTTPProxyHandler(
                replies: [
                    .init(
                        bytes: "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: NTLM\r\n"
                            + "Content-Length: 0\r\n\r\n", then: .keepOpen),
                    .init(
                        bytes: "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: NTLM \(token)\r\n"
                            + "Content-Length: 0\r\n\r\n", then: .keepOpen),
                    .init(bytes: "HTTP/1.1 200 Connection established\r\n\r\n", then: .tunnel),
                ], connection: connection, server: server)
        }
        let answerer = ProxyChallengeAnswerer(user: #"CORP\ann"#, password: Self.password, target: "origin.example:443")
        try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "origin.example", targetPort: 443, proxy: .localHTTP(port: server.port)
            ) { challenge, attempt in answerer.answer(challenge, attempt: attempt) }
        }
        let heads = server.recorded
        #expect(heads.count == 3)
        #expect(Set(heads.map(\.connection)) == [0])
        func authorization(_ index: Int) throws -> [UInt8] {
            let line = try #require(
                heads[index].text.split(separator: "\r\n").first {
                    $0.lowercased().hasPrefix("proxy-authorization: ntlm ")
                })
            return Array(try #require(Data(base64Encoded: String(line.dropFirst("Proxy-Authorization: NTLM ".count)))))
        }
        #expect(NTLMAuthenticator.readLE32(try authorization(1), 8) == 1)
        let authenticate = try authorization(2)
        #expect(NTLMAuthenticator.readLE32(authenticate, 8) == 3)
        // The proxy's check: the NTLMv2 proof over its challenge, with the password it knows.
        let nt = try NTLMAuthenticator.field(authenticate, at: 20)
        let key = NTLMAuthenticator.ntowfv2(password: Self.password, user: "ann", domain: "CORP")
        #expect(NTLMAuthenticator.hmacMD5(key: key, serverChallenge + Array(nt[16...])) == Array(nt.prefix(16)))
        try await server.stop()
    }

    @Test func theAnswererStartsNTLMOnceAndAnswersOnlyWhatIsOffered() {
        let answerer = ProxyChallengeAnswerer(user: "u", password: "p", target: "h:443")
        func challenge(_ values: [String]) -> HTTPResponse {
            var response = HTTPResponse(status: .proxyAuthenticationRequired)
            for value in values { response.headerFields.append(HTTPField(name: .proxyAuthenticate, value: value)) }
            return response
        }
        #expect(answerer.answer(challenge(["NTLM"]), attempt: 1)?.hasPrefix("NTLM TlRMTVNTUAAB") == true)
        // A bare offer after the handshake started is a refusal, not an invitation to start again.
        #expect(answerer.answer(challenge(["NTLM"]), attempt: 2) == nil)
        #expect(answerer.answer(challenge(["NTLM bm90IG50bG0="]), attempt: 2) == nil)
        // Digest is preferred to NTLM, NTLM to Basic; a scheme Courier cannot answer gets no Basic guess.
        #expect(
            answerer.answer(challenge(["NTLM", "Digest realm=\"r\", nonce=\"n\""]), attempt: 1)?.hasPrefix("Digest")
                == true)
        #expect(answerer.answer(challenge(["Basic realm=\"r\"", "NTLM"]), attempt: 1)?.hasPrefix("NTLM") == true)
        #expect(answerer.answer(challenge(["Negotiate"]), attempt: 1) == nil)
        #expect(ProxyChallengeAnswerer.offersOnlyNTLM(challenge(["NTLM", "Basic realm=\"r\""])))
        #expect(!ProxyChallengeAnswerer.offersOnlyNTLM(challenge(["NTLM", "Digest realm=\"r\", nonce=\"n\""])))
    }
}
