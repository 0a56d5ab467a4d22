import CourierSecurity
import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// The server side of HTTP authentication for the sample endpoints: Basic (RFC 7617) against
/// ``SampleServerConfiguration/users`` and Digest (RFC 7616) with nonces the server issues, counts and
/// expires.
enum HTTPAuthentication {
    // MARK: Basic

    /// The user a valid `Authorization: Basic` header names, or `nil` (missing, malformed or wrong).
    static func basicUser(_ request: Request, users: [String: String]) -> String? {
        guard let authorization = request.headers[.authorization] else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = try? Base64.decode(parts[1].trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        let user = String(text[..<colon])
        let password = String(text[text.index(after: colon)...])
        guard let expected = users[user], ConstantTime.isEqual(expected, password) else { return nil }
        return user
    }

    /// The user of a valid Basic header; otherwise a 401 with a Basic challenge for `realm`.
    static func requireBasicUser(_ request: Request, users: [String: String], realm: String) throws -> String {
        guard let user = self.basicUser(request, users: users) else {
            throw SampleError(
                .unauthorized,
                request.headers[.authorization] == nil
                    ? "this endpoint needs HTTP Basic authentication" : "wrong user name or password",
                headers: self.basicChallenge(realm: realm))
        }
        return user
    }

    static func basicChallenge(realm: String) -> HTTPFields {
        [.wwwAuthenticate: "Basic realm=\"\(realm)\", charset=\"UTF-8\""]
    }

    // MARK: Digest

    /// The Digest algorithms the server offers.
    enum DigestAlgorithm: String, CaseIterable {
        case md5 = "MD5"
        case md5Session = "MD5-sess"
        case sha256 = "SHA-256"
        case sha256Session = "SHA-256-sess"

        init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                return nil
            }
            self = match
        }

        var isSession: Bool { self == .md5Session || self == .sha256Session }

        func hash(_ data: some DataProtocol) -> String {
            switch self {
            case .md5, .md5Session:
                return Insecure.MD5.hash(data: Data(data)).map { String(format: "%02x", $0) }.joined()
            case .sha256, .sha256Session:
                return SHA256.hash(data: Data(data)).map { String(format: "%02x", $0) }.joined()
            }
        }

        func hash(_ text: String) -> String { self.hash(Data(text.utf8)) }
    }

    /// The quality of protection a Digest endpoint demands.
    enum DigestQualityOfProtection: String {
        case auth
        case authInt = "auth-int"
    }

    static let digestRealm = "Courier Sample Digest"
    /// Nonces kept at most; the oldest are forgotten first (a forgotten nonce gets a fresh challenge).
    static let maximumNonces = 10_000
    /// Nonce counts remembered per nonce at most (a nonce used more often must be replaced).
    static let maximumCountsPerNonce = 10_000

    /// Checks a Digest `Authorization` header for `request` (whose body, for `auth-int`, is `body`).
    ///
    /// - Returns: the authenticated user.
    /// - Throws: ``SampleError`` 401 with a fresh challenge (`stale=true` when only the nonce had expired),
    ///   400 for a header that is not a Digest credential at all.
    static func requireDigestUser(
        _ request: Request, body: Data, qop: DigestQualityOfProtection, algorithm: DigestAlgorithm,
        state: SampleServerState
    ) throws -> String {
        guard let authorization = request.headers[.authorization] else {
            throw self.digestFailure("this endpoint needs HTTP Digest authentication", qop, algorithm, state)
        }
        let trimmed = authorization.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("digest ") else {
            throw self.digestFailure("this endpoint takes Digest credentials", qop, algorithm, state)
        }
        guard let parameters = self.parseParameters(String(trimmed.dropFirst("digest ".count))) else {
            throw SampleError.badRequest("the Digest credentials are malformed")
        }
        func field(_ name: String) throws -> String {
            guard let value = parameters[name], !value.isEmpty else {
                throw SampleError.badRequest("the Digest credentials lack \"\(name)\"")
            }
            return value
        }
        let username = try field("username")
        let realm = try field("realm")
        let nonce = try field("nonce")
        let uri = try field("uri")
        let response = try field("response").lowercased()
        let sentQOP = try field("qop")
        let nc = try field("nc")
        let cnonce = try field("cnonce")
        if let sentAlgorithm = parameters["algorithm"], DigestAlgorithm(name: sentAlgorithm) != algorithm {
            throw self.digestFailure("this endpoint uses algorithm \(algorithm.rawValue)", qop, algorithm, state)
        }
        guard realm == self.digestRealm else {
            throw self.digestFailure("wrong realm", qop, algorithm, state)
        }
        guard sentQOP == qop.rawValue else {
            throw self.digestFailure("this endpoint uses qop \(qop.rawValue)", qop, algorithm, state)
        }
        guard uri == request.uri.description else {
            throw SampleError.badRequest("the Digest uri \"\(uri)\" is not the request target")
        }
        guard nc.count == 8, let count = Int(nc, radix: 16), count > 0 else {
            throw SampleError.badRequest("the Digest nonce count must be 8 hex digits")
        }

        let userIsHashed = parameters["userhash"]?.lowercased() == "true"
        let users = state.configuration.users
        let user: String? =
            userIsHashed
            ? users.keys.first { algorithm.hash("\($0):\(realm)") == username.lowercased() } : username
        guard let user, let password = users[user] else {
            throw self.digestFailure("wrong user name or password", qop, algorithm, state)
        }
        var ha1 = algorithm.hash("\(user):\(realm):\(password)")
        if algorithm.isSession { ha1 = algorithm.hash("\(ha1):\(nonce):\(cnonce)") }
        let ha2 =
            qop == .authInt
            ? algorithm.hash("\(request.method.rawValue):\(uri):\(algorithm.hash(body))")
            : algorithm.hash("\(request.method.rawValue):\(uri)")
        let expected = algorithm.hash("\(ha1):\(nonce):\(nc):\(cnonce):\(qop.rawValue):\(ha2)")
        guard ConstantTime.isEqual(expected, response) else {
            throw self.digestFailure("wrong user name or password", qop, algorithm, state)
        }

        // The digest is right; now the nonce: known, fresh, and this count not used before.
        let now = state.now()
        let lifetime = state.configuration.digestNonceLifetime
        enum NonceVerdict { case fresh, unknown, stale, replayed }
        let verdict = state.withStorage { storage -> NonceVerdict in
            guard var record = storage.digestNonces[nonce] else { return .unknown }
            if now.timeIntervalSince(record.issued) > lifetime {
                storage.digestNonces[nonce] = nil
                return .stale
            }
            if record.usedCounts.contains(count) || record.usedCounts.count >= self.maximumCountsPerNonce {
                return .replayed
            }
            record.usedCounts.insert(count)
            storage.digestNonces[nonce] = record
            return .fresh
        }
        switch verdict {
        case .fresh: return user
        case .stale: throw self.digestFailure("the nonce has expired", qop, algorithm, state, stale: true)
        case .unknown: throw self.digestFailure("the nonce was not issued here", qop, algorithm, state)
        case .replayed: throw self.digestFailure("this nonce count was already used", qop, algorithm, state)
        }
    }

    /// A 401 with a fresh Digest challenge.
    static func digestFailure(
        _ message: String, _ qop: DigestQualityOfProtection, _ algorithm: DigestAlgorithm,
        _ state: SampleServerState, stale: Bool = false
    ) -> SampleError {
        let nonce = self.issueNonce(state: state)
        var challenge =
            "Digest realm=\"\(self.digestRealm)\", qop=\"\(qop.rawValue)\", algorithm=\(algorithm.rawValue), nonce=\"\(nonce)\", opaque=\"\(self.opaque)\""
        if stale { challenge += ", stale=true" }
        return SampleError(.unauthorized, message, headers: [.wwwAuthenticate: challenge])
    }

    static let opaque = "636f7572696572"

    /// A new random nonce, remembered with its issue time; expired ones are dropped first, and the oldest
    /// when the table is full.
    static func issueNonce(state: SampleServerState) -> String {
        let nonce = Hex.encode(SecureRandom.bytes(count: 16))
        let now = state.now()
        let lifetime = state.configuration.digestNonceLifetime
        state.withStorage { storage in
            if storage.digestNonces.count >= self.maximumNonces {
                storage.digestNonces = storage.digestNonces.filter {
                    now.timeIntervalSince($0.value.issued) <= lifetime
                }
                while storage.digestNonces.count >= self.maximumNonces,
                    let oldest = storage.digestNonces.min(by: { $0.value.issued < $1.value.issued })?.key
                {
                    storage.digestNonces[oldest] = nil
                }
            }
            storage.digestNonces[nonce] = SampleServerState.DigestNonce(issued: now)
        }
        return nonce
    }

    /// The `name=value` / `name="quoted value"` list of an authorization header; `nil` when malformed.
    static func parseParameters(_ text: String) -> [String: String]? {
        var result: [String: String] = [:]
        var scalars = Substring(text).unicodeScalars[...]
        func skipSpaceAndCommas() {
            while let first = scalars.first, first == " " || first == "\t" || first == "," { scalars.removeFirst() }
        }
        skipSpaceAndCommas()
        while !scalars.isEmpty {
            var name = ""
            while let first = scalars.first, first != "=", first != " ", first != "," {
                name.unicodeScalars.append(first)
                scalars.removeFirst()
            }
            while scalars.first == " " { scalars.removeFirst() }
            guard !name.isEmpty, scalars.first == "=" else { return nil }
            scalars.removeFirst()
            while scalars.first == " " { scalars.removeFirst() }
            var value = ""
            if scalars.first == "\"" {
                scalars.removeFirst()
                var closed = false
                while let first = scalars.popFirst() {
                    if first == "\\" {
                        guard let escaped = scalars.popFirst() else { return nil }
                        value.unicodeScalars.append(escaped)
                    } else if first == "\"" {
                        closed = true
                        break
                    } else {
                        value.unicodeScalars.append(first)
                    }
                }
                guard closed else { return nil }
            } else {
                while let first = scalars.first, first != ",", first != " " {
                    value.unicodeScalars.append(first)
                    scalars.removeFirst()
                }
            }
            result[name.lowercased()] = value
            skipSpaceAndCommas()
        }
        return result
    }
}
