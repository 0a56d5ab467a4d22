import Foundation
import HTTPTypes

/// Answers an HTTP proxy's `407` to a CONNECT with the proxy's configured credentials, on the tunnel's own
/// connection: Digest (RFC 7616, through ``DigestAuthenticator``) when the proxy offers it, the strongest
/// algorithm first, else Basic.
///
/// Digest signs the request target, which for CONNECT is the origin's `host:port` (RFC 9110, 9.3.6). A proxy
/// that challenges again is answered again only when it says the nonce went stale (`stale=true`: the
/// credentials were right); otherwise the tunnel gives up, as it would with wrong credentials.
struct ProxyChallengeAnswerer: Sendable {
    /// The proxy user.
    let user: String
    /// The proxy password.
    let password: String
    /// The CONNECT request target (`host:port`, IPv6 literals in brackets).
    let target: String

    /// The `Proxy-Authorization` value for a `407`, or `nil` to give up (the tunnel then fails with the
    /// proxy's refusal).
    func answer(_ challenge: HTTPResponse, attempt: Int) -> String? {
        let offered = AuthenticationHeaderParser.parse(challenge.headerFields[values: .proxyAuthenticate])
        // A CONNECT has no body, so `auth-int` hashes the empty body.
        let digests = offered.compactMap { DigestAuthenticator.Challenge($0, canHashBody: true) }
        if let digest = digests.max(by: { $0.algorithm.strength < $1.algorithm.strength }) {
            guard attempt == 1 || digest.stale else { return nil }
            return DigestAuthenticator.authorization(
                challenge: digest, user: user, password: password, method: "CONNECT", uri: target, body: Data(),
                nonceCount: 1, clientNonce: DigestAuthenticator.makeClientNonce())
        }
        guard attempt == 1 else { return nil }
        return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
