import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import Courier

/// A proxy's 407 to a CONNECT, answered with Digest when offered (else Basic), checked by recomputing the
/// Digest response as the proxy would.
struct ProxyChallengeAnswererTests {
    private typealias Reply = FakeHTTPProxyHandler.Reply

    private let answerer = ProxyChallengeAnswerer(user: "proxyuser", password: "s3cret", target: "origin.example:443")

    private static func challenge(_ fields: [String]) -> HTTPResponse {
        var response = HTTPResponse(status: .proxyAuthenticationRequired)
        for field in fields { response.headerFields.append(HTTPField(name: .proxyAuthenticate, value: field)) }
        return response
    }

    /// Whether `answer` is the right Digest answer to `offered` for CONNECT `target`: the proxy's check.
    static func isValidDigest(
        _ answer: String?, offered: String, user: String, password: String, target: String, method: String = "CONNECT"
    ) -> Bool {
        guard let answer, answer.hasPrefix("Digest "),
            let sent = AuthenticationHeaderParser.parse(answer).first,
            let offeredChallenge = AuthenticationHeaderParser.parse(offered).first,
            let challenge = DigestAuthenticator.Challenge(offeredChallenge, canHashBody: true),
            let clientNonce = sent.parameters["cnonce"] ?? (challenge.qop == nil ? "" : nil),
            sent.parameters["uri"] == target
        else { return false }
        let expected = DigestAuthenticator.authorization(
            challenge: challenge, user: user, password: password, method: method, uri: target, body: Data(),
            nonceCount: 1, clientNonce: clientNonce)
        return expected == answer
    }

    @Test(arguments: ["MD5", "SHA-256", "SHA-512-256-sess"])
    func digestIsAnsweredForTheConnectTarget(algorithm: String) {
        let offered = "Digest realm=\"proxy\", nonce=\"n0nce\", qop=\"auth\", algorithm=\(algorithm), opaque=\"op\""
        let answer = answerer.answer(Self.challenge([offered]), attempt: 1)
        #expect(
            Self.isValidDigest(
                answer, offered: offered, user: "proxyuser", password: "s3cret", target: "origin.example:443"))
        #expect(answer?.contains("algorithm=\(algorithm)") == true)
    }

    @Test func digestIsPreferredToBasicAndTheStrongestAlgorithmWins() {
        let answer = answerer.answer(
            Self.challenge([
                "Basic realm=\"proxy\"", "Digest realm=\"proxy\", nonce=\"a\", qop=\"auth\", algorithm=MD5",
                "Digest realm=\"proxy\", nonce=\"b\", qop=\"auth\", algorithm=SHA-256",
            ]), attempt: 1)
        #expect(answer?.hasPrefix("Digest ") == true)
        #expect(answer?.contains("algorithm=SHA-256") == true)
    }

    @Test func basicIsAnsweredOnceWhenNoDigestIsOffered() {
        let challenge = Self.challenge(["Basic realm=\"proxy\""])
        #expect(answerer.answer(challenge, attempt: 1) == "Basic cHJveHl1c2VyOnMzY3JldA==")
        #expect(answerer.answer(challenge, attempt: 2) == nil)
    }

    @Test func aSecondDigestChallengeIsAnsweredOnlyWhenItsNonceWentStale() {
        let refused = Self.challenge(["Digest realm=\"proxy\", nonce=\"n2\", qop=\"auth\""])
        #expect(answerer.answer(refused, attempt: 2) == nil)
        let stale = Self.challenge(["Digest realm=\"proxy\", nonce=\"n2\", qop=\"auth\", stale=true"])
        #expect(answerer.answer(stale, attempt: 2)?.contains("nonce=\"n2\"") == true)
    }

    @Test func aProxyAsksForDigestAndTheTunnelOpensWithTheAnswer() async throws {
        let offered = "Digest realm=\"proxy\", nonce=\"5f2a\", qop=\"auth\", algorithm=SHA-256"
        let server = try await FakeProxyServer { connection, server in
            FakeHTTPProxyHandler(
                replies: [
                    Reply(
                        bytes: "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: \(offered)\r\n"
                            + "Content-Length: 0\r\n\r\n",
                        then: .keepOpen),
                    Reply(bytes: "HTTP/1.1 200 OK\r\n\r\n", then: .tunnel),
                ], connection: connection, server: server)
        }
        let answerer = self.answerer
        try await withProxyConnection(port: server.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "origin.example", targetPort: 443, proxy: .localHTTP(port: server.port)
            ) { challenge, attempt in answerer.answer(challenge, attempt: attempt) }
        }
        let requests = server.recorded
        #expect(requests.count == 2)
        let second = try #require(requests.last?.text)
        let line = try #require(
            second.split(separator: "\r\n").first { $0.lowercased().hasPrefix("proxy-authorization:") })
        let value = line.dropFirst("Proxy-Authorization:".count).trimmingCharacters(in: .whitespaces)
        #expect(
            Self.isValidDigest(
                value, offered: offered, user: "proxyuser", password: "s3cret", target: "origin.example:443"))
        try await server.stop()
    }
}
