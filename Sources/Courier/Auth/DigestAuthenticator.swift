import CourierSecurity
import Foundation

/// HTTP Digest access authentication (RFC 7616): MD5, MD5-sess, SHA-256, SHA-256-sess, SHA-512-256 and
/// SHA-512-256-sess; qop `auth` and `auth-int`; nonce counts and client nonces; `userhash`.
struct DigestAuthenticator: Sendable {
    enum Algorithm: String, Sendable, CaseIterable {
        case md5 = "MD5"
        case md5Session = "MD5-sess"
        case sha256 = "SHA-256"
        case sha256Session = "SHA-256-sess"
        case sha512_256 = "SHA-512-256"
        case sha512_256Session = "SHA-512-256-sess"

        init?(name: String?) {
            guard let name else {
                self = .md5
                return
            }
            guard
                let match = Algorithm.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }
                )
            else { return nil }
            self = match
        }

        var digest: DigestAlgorithm {
            switch self {
            case .md5, .md5Session: return .md5
            case .sha256, .sha256Session: return .sha256
            case .sha512_256, .sha512_256Session: return .sha512_256
            }
        }

        var isSession: Bool { rawValue.hasSuffix("-sess") }

        /// Higher is stronger (the order RFC 7616 §3.7 asks clients to prefer).
        var strength: Int {
            switch digest {
            case .sha512_256: return 3
            case .sha256: return 2
            default: return 1
            }
        }
    }

    enum QualityOfProtection: String, Sendable {
        case auth
        case authInt = "auth-int"
    }

    /// The server's challenge, validated.
    struct Challenge: Sendable {
        var realm: String
        var nonce: String
        var opaque: String?
        var algorithm: Algorithm
        var qop: QualityOfProtection?
        var stale: Bool
        var userhash: Bool

        /// Reads a challenge; `nil` when it is malformed or uses an algorithm Courier does not know.
        init?(_ challenge: AuthenticationHeaderChallenge, canHashBody: Bool) {
            guard challenge.scheme == "digest", let realm = challenge.parameters["realm"],
                let nonce = challenge.parameters["nonce"], !nonce.isEmpty,
                let algorithm = Algorithm(name: challenge.parameters["algorithm"])
            else { return nil }
            self.realm = realm
            self.nonce = nonce
            self.opaque = challenge.parameters["opaque"]
            self.algorithm = algorithm
            self.stale = challenge.parameters["stale"]?.lowercased() == "true"
            self.userhash = challenge.parameters["userhash"]?.lowercased() == "true"
            if let qopList = challenge.parameters["qop"] {
                let offered = qopList.split(separator: ",").map { $0.trimmingOWS().lowercased() }
                if offered.contains("auth") {
                    qop = .auth
                } else if offered.contains("auth-int"), canHashBody {
                    qop = .authInt
                } else {
                    return nil
                }
            } else {
                qop = nil
            }
        }
    }

    static func hash(_ text: String, _ algorithm: Algorithm) -> String {
        Digester.digest(text, using: algorithm.digest).hex
    }

    static func hash(_ data: Data, _ algorithm: Algorithm) -> String {
        Digester.digest(data, using: algorithm.digest).hex
    }

    /// The `Authorization` value for a request.
    /// - Parameters:
    ///   - uri: the request target (path and query) as sent.
    ///   - body: the entity body, for `auth-int`.
    ///   - nonceCount: how many times this nonce has been used, this time included.
    ///   - clientNonce: the client nonce (random per request).
    static func authorization(
        challenge: Challenge, user: String, password: String, method: String, uri: String, body: Data?,
        nonceCount: Int, clientNonce: String
    ) -> String {
        let algorithm = challenge.algorithm
        var ha1 = hash("\(user):\(challenge.realm):\(password)", algorithm)
        if algorithm.isSession {
            ha1 = hash("\(ha1):\(challenge.nonce):\(clientNonce)", algorithm)
        }
        let ha2: String
        if challenge.qop == .authInt {
            ha2 = hash("\(method):\(uri):\(hash(body ?? Data(), algorithm))", algorithm)
        } else {
            ha2 = hash("\(method):\(uri)", algorithm)
        }
        let nc = String(format: "%08x", nonceCount)
        let response: String
        if let qop = challenge.qop {
            response = hash("\(ha1):\(challenge.nonce):\(nc):\(clientNonce):\(qop.rawValue):\(ha2)", algorithm)
        } else {
            response = hash("\(ha1):\(challenge.nonce):\(ha2)", algorithm)
        }
        let username = challenge.userhash ? hash("\(user):\(challenge.realm)", algorithm) : user
        var parts = [
            "username=\(quote(username))", "realm=\(quote(challenge.realm))", "nonce=\(quote(challenge.nonce))",
            "uri=\(quote(uri))", "algorithm=\(algorithm.rawValue)", "response=\(quote(response))",
        ]
        if let qop = challenge.qop {
            parts += ["qop=\(qop.rawValue)", "nc=\(nc)", "cnonce=\(quote(clientNonce))"]
        }
        if let opaque = challenge.opaque { parts.append("opaque=\(quote(opaque))") }
        if challenge.userhash { parts.append("userhash=true") }
        return "Digest " + parts.joined(separator: ", ")
    }

    static func quote(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A random client nonce.
    static func makeClientNonce() -> String {
        SecureRandom.bytes(count: 16).map { String(format: "%02x", $0) }.joined()
    }
}
