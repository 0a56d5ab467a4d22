import CourierSecurity
import Foundation
import HTTPTypes

/// Answers an HTTP proxy's `407` with the proxy's configured credentials: Digest (RFC 7616, through
/// ``DigestAuthenticator``) when the proxy offers it, the strongest algorithm first; else NTLM (``NTLMAuthenticator``);
/// else Basic.
///
/// It serves both ways a request meets a proxy: a CONNECT tunnel (the tunnel's own connection answers) and a plain
/// `http` request in absolute form (the transport sends the request again with the answer). Digest signs the
/// request target, which for CONNECT is the origin's `host:port` (RFC 9110, 9.3.6) and for absolute form is the
/// absolute URL. A proxy that challenges Digest again is answered again only when it says the nonce went stale
/// (`stale=true`: the credentials were right); otherwise the answerer gives up, as it would with wrong credentials.
///
/// NTLM authenticates a connection in two round trips: the first `407` (`Proxy-Authenticate: NTLM`) gets a
/// Negotiate message, the second (`NTLM <challenge>`) the Authenticate message, both on the same kept-alive
/// connection. A bare `NTLM` offer after the first attempt means the proxy refused the handshake.
struct ProxyChallengeAnswerer: Sendable {
    /// The proxy user; `DOMAIN\user` names an NTLM domain.
    let user: String
    /// The proxy password.
    let password: String
    /// The request target Digest signs: the CONNECT target (`host:port`, IPv6 literals in brackets) or the absolute
    /// URL of a request in absolute form.
    let target: String
    /// The request method Digest signs.
    var method = "CONNECT"
    /// The request body Digest's `auth-int` hashes; a CONNECT has none.
    var body = Data()
    /// Whether ``body`` is the whole body: a streamed one cannot be hashed, so `auth-int` is not chosen then.
    var canHashBody = true

    /// The `Proxy-Authorization` value for a `407`, or `nil` to give up (the caller then fails with, or returns,
    /// the proxy's refusal). `attempt` counts the answers given on this exchange, from 1.
    func answer(_ challenge: HTTPResponse, attempt: Int) -> String? {
        let offered = AuthenticationHeaderParser.parse(challenge.headerFields[values: .proxyAuthenticate])
        let digests = offered.compactMap { DigestAuthenticator.Challenge($0, canHashBody: canHashBody) }
        if let digest = digests.max(by: { $0.algorithm.strength < $1.algorithm.strength }) {
            guard attempt == 1 || digest.stale else { return nil }
            return DigestAuthenticator.authorization(
                challenge: digest, user: user, password: password, method: method, uri: target, body: body,
                nonceCount: 1, clientNonce: DigestAuthenticator.makeClientNonce())
        }
        if let ntlm = offered.first(where: { $0.scheme == "ntlm" }) {
            return answerNTLM(token: ntlm.token68, attempt: attempt)
        }
        guard attempt == 1, offered.isEmpty || offered.contains(where: { $0.scheme == "basic" }) else { return nil }
        return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Whether a `407` offers NTLM and nothing Courier prefers: the handshake then needs one connection for both
    /// round trips.
    static func offersOnlyNTLM(_ challenge: HTTPResponse) -> Bool {
        let offered = AuthenticationHeaderParser.parse(challenge.headerFields[values: .proxyAuthenticate])
        return offered.contains { $0.scheme == "ntlm" }
            && !offered.contains { DigestAuthenticator.Challenge($0, canHashBody: true) != nil }
    }

    private func answerNTLM(token: String?, attempt: Int) -> String? {
        guard let token else {
            // The start of the handshake, once: a bare offer later is the proxy refusing the Authenticate message.
            guard attempt == 1 else { return nil }
            return NTLMAuthenticator.negotiateHeader()
        }
        guard let bytes = Data(base64Encoded: token),
            let serverChallenge = try? NTLMAuthenticator.parseChallenge(Array(bytes))
        else {
            // A malformed challenge cannot be answered; giving up reports the proxy's refusal.
            return nil
        }
        return NTLMAuthenticator.authenticateHeader(challenge: serverChallenge, name: user, password: password)
    }
}
