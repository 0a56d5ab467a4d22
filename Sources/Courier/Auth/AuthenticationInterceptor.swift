import CourierSecurity
import Foundation
import HTTPTypes
import Synchronization

/// Answers 401 and 407 challenges (Basic, Digest and Bearer; NTLM when configured) with credentials from
/// the request URL, the credential store or the delegate, following the book's rules: a credential is
/// offered once per challenge; a second failure gives up with `userAuthenticationRequired`; Basic is never
/// sent over plain http unless the configuration allows it; a challenge from a space outside the
/// configured allow-list is refused. A 401 without `WWW-Authenticate` is just a response.
///
/// Spaces that answered successfully are remembered for the session, so later requests to them carry
/// credentials at once (preemptive Basic, Digest with the next nonce count).
struct AuthenticationInterceptor: Interceptor {
    /// A hard stop for delegates that keep answering with failing credentials.
    static let maximumAttempts = 5

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let context = chain.context
        let core = context.core  // its configuration is read field by field (a copy retains every part)
        let cache = context.core.authenticationCache
        var current = request
        let urlCredential = Self.urlCredential(of: request.url)
        if urlCredential != nil {
            current.url = request.url.redactingCredentials
            current.credentialFromURL = urlCredential
        }
        var failures: [ProtectionSpace: Int] = [:]
        var attempts = 0
        var pending: (space: ProtectionSpace, credential: Credential)?

        if !current.headerFields.contains(.authorization),
            let preemptive = cache.preemptiveAuthorization(for: current)
        {
            current.headerFields[.authorization] = preemptive.value
            pending = (preemptive.space, preemptive.credential)
        }

        while true {
            let response = try await chain.proceed(current)
            let code = response.status.code
            guard code == 401 || code == 407 else {
                if let pending, (200..<400).contains(code) {
                    try? core.configuration.urlCredentialStorage?.set(pending.credential, for: pending.space)
                }
                return response
            }
            let isProxy = code == 407
            let fieldName = isProxy ? HTTPField.Name.proxyAuthenticate : HTTPField.Name.wwwAuthenticate
            let challenges = AuthenticationHeaderParser.parse(response.headerFields[values: fieldName])
            guard !challenges.isEmpty else { return response }
            if let pending {
                cache.forget(pending.space)
                failures[pending.space, default: 0] += 1
            }
            attempts += 1
            guard attempts <= Self.maximumAttempts else {
                throw Self.failure(.userAuthenticationRequired, "authentication kept failing", current, response)
            }

            let canHashBody = current.body.inMemoryData != nil
            var answered = false
            for offer in Self.ordered(challenges, canHashBody: canHashBody) where !(isProxy && offer.method == .ntlm) {
                var space = ProtectionSpace(
                    url: current.url, realm: offer.challenge.realm, authenticationMethod: offer.method)
                space.isProxy = isProxy
                if let allowList = core.configuration.authenticationAllowList,
                    !allowList.contains(where: { $0.matches(space) })
                {
                    throw Self.failure(
                        .userCancelledAuthentication,
                        "refused to send credentials to \(space.host): \(space) is not on the authentication allow-list",
                        current, response)
                }
                // A stale Digest nonce is not a failure: answer again with the same credential.
                if offer.method == .httpDigest, let digest = offer.digest, digest.stale, let last = pending,
                    last.space.host == space.host, last.space.realm == space.realm
                {
                    failures[last.space, default: 1] -= 1
                    current.headerFields[isProxy ? .proxyAuthorization : .authorization] = try cache.answer(
                        offer, credential: last.credential, space: space, request: current)
                    pending = (space, last.credential)
                    answered = true
                    break
                }
                let failureCount = failures[space] ?? 0
                var proposed: Credential?
                if let pending, pending.space == space { proposed = pending.credential }
                if proposed == nil {
                    proposed = urlCredential ?? core.configuration.urlCredentialStorage?.proposedCredential(for: space)
                }
                let challenge = AuthenticationChallenge(
                    protectionSpace: space, proposedCredential: proposed, previousFailureCount: failureCount,
                    failureResponse: response.withoutBody)
                let credential: Credential
                switch await context.decide(challenge) {
                case .cancel:
                    throw Self.failure(
                        .userCancelledAuthentication, "authentication for \(space.host) was cancelled", current,
                        response)
                case .rejectProtectionSpace:
                    continue
                case .useCredential(let chosen):
                    credential = chosen
                case .performDefaultHandling:
                    guard let proposed else {
                        await response.discardBody()
                        return response.withoutStreamIfDrained
                    }
                    guard failureCount == 0 else {
                        throw Self.failure(
                            .userAuthenticationRequired,
                            "\(space.host) rejected the credentials for \(space.realm.map { "realm \"\($0)\"" } ?? "this space"); not retrying (repeated tries lock accounts)",
                            current, response)
                    }
                    credential = proposed
                }
                if offer.method == .httpBasic, space.protocolName == "http", !space.isProxy,
                    !core.configuration.allowsBasicAuthenticationOverHTTP
                {
                    throw Self.failure(
                        .userAuthenticationRequired,
                        "refusing to send Basic credentials to \(space.host) over plain http; use https, or allow it with SessionConfiguration.allowsBasicAuthenticationOverHTTP",
                        current, response)
                }
                if offer.method == .ntlm {
                    // NTLM authenticates the connection: Negotiate, read the server's Challenge, then send
                    // Authenticate on the same kept-alive connection (the loop sends it and checks the result).
                    await response.discardBody()
                    context.core.httpTransport.dedicateConnections(to: current.url)
                    current.headerFields[.authorization] = NTLMAuthenticator.negotiateHeader()
                    let challengeResponse = try await chain.proceed(current)
                    let token = AuthenticationHeaderParser.parse(
                        challengeResponse.headerFields[values: .wwwAuthenticate]
                    )
                    .first { $0.scheme == "ntlm" }?.token68
                    guard challengeResponse.status.code == 401, let token, let bytes = Data(base64Encoded: token) else {
                        return challengeResponse
                    }
                    let serverChallenge: NTLMAuthenticator.Challenge
                    do {
                        serverChallenge = try NTLMAuthenticator.parseChallenge(Array(bytes))
                    } catch {
                        throw Self.failure(
                            .badServerResponse, "\(space.host) sent a malformed NTLM challenge: \(error)", current,
                            challengeResponse)
                    }
                    await challengeResponse.discardBody()
                    guard let name = credential.user, let password = credential.password else {
                        throw Self.failure(
                            .userAuthenticationRequired, "NTLM needs a user name and password", current, response)
                    }
                    current.headerFields[.authorization] = NTLMAuthenticator.authenticateHeader(
                        challenge: serverChallenge, name: name, password: password)
                    pending = (space, credential)
                    answered = true
                    break
                }
                current.headerFields[isProxy ? .proxyAuthorization : .authorization] = try cache.answer(
                    offer, credential: credential, space: space, request: current)
                pending = (space, credential)
                answered = true
                break
            }
            guard answered else { return response }
            await response.discardBody()
        }
    }

    /// One offered scheme Courier can answer.
    struct Offer {
        var challenge: AuthenticationHeaderChallenge
        var method: AuthenticationMethod
        var digest: DigestAuthenticator.Challenge?
        var rank: Int
    }

    /// The offers Courier can answer, strongest first: Digest (by algorithm), then Bearer, then Basic.
    static func ordered(_ challenges: [AuthenticationHeaderChallenge], canHashBody: Bool) -> [Offer] {
        var offers: [Offer] = []
        for challenge in challenges {
            switch challenge.scheme {
            case "digest":
                if let digest = DigestAuthenticator.Challenge(challenge, canHashBody: canHashBody) {
                    offers.append(
                        Offer(
                            challenge: challenge, method: .httpDigest, digest: digest,
                            rank: 10 + digest.algorithm.strength))
                }
            case "bearer":
                offers.append(Offer(challenge: challenge, method: .bearer, digest: nil, rank: 5))
            case "ntlm":
                // Origin servers only: the transport answers a proxy's NTLM itself, on the proxy connection, with the
                // proxy's configured credentials (ProxyChallengeAnswerer).
                if challenge.token68 == nil {
                    offers.append(Offer(challenge: challenge, method: .ntlm, digest: nil, rank: 8))
                }
            case "basic":
                offers.append(Offer(challenge: challenge, method: .httpBasic, digest: nil, rank: 1))
            default:
                continue
            }
        }
        return offers.sorted { $0.rank > $1.rank }
    }

    /// `user:password@` of a URL as a credential used for this request only.
    static func urlCredential(of url: URL) -> Credential? {
        guard let user = url.user, !user.isEmpty else { return nil }
        let decodedUser = URLEncoding.decode(user) ?? user
        let password = url.password.map { URLEncoding.decode($0) ?? $0 } ?? ""
        return .user(decodedUser, password: password, persistence: .none)
    }

    static func failure(_ code: CourierError.Code, _ message: String, _ request: Request, _ response: Response)
        -> CourierError
    {
        CourierError(
            code, kind: .http(status: response.status.code), outcome: .failed, message: message, request: request,
            response: response.withoutBody)
    }
}

extension Response {
    /// After the body was drained: the response with no body to read.
    var withoutStreamIfDrained: Response {
        var copy = self
        if case .stream = copy.body { copy.body = .data(Data()) }
        return copy
    }
}

/// What a session remembers about spaces that answered successfully: the scheme, the credential and,
/// for Digest, the nonce and its count.
final class AuthenticationCache: Sendable {
    struct Entry: Sendable {
        var space: ProtectionSpace
        var credential: Credential
        var digest: DigestAuthenticator.Challenge?
        var nonceCount: Int
        var pathPrefix: String
    }

    private let entries = Mutex<[String: Entry]>([:])

    static func originKey(_ url: URL) -> String { url.origin }

    /// The `Authorization` value that answers an offer, remembering the space for later requests.
    func answer(
        _ offer: AuthenticationInterceptor.Offer, credential: Credential, space: ProtectionSpace, request: Request
    )
        throws -> String
    {
        let key = Self.originKey(request.url)
        let path = Self.directory(of: request.url)
        switch offer.method {
        case .httpBasic:
            guard let user = credential.user, let password = credential.password else {
                throw CourierError(
                    .userAuthenticationRequired, outcome: .failed,
                    message: "Basic authentication needs a user name and password", request: request)
            }
            entries.withLock {
                $0[key] = Entry(space: space, credential: credential, digest: nil, nonceCount: 0, pathPrefix: path)
            }
            return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer:
            guard let token = credential.token ?? credential.password else {
                throw CourierError(
                    .userAuthenticationRequired, outcome: .failed, message: "Bearer authentication needs a token",
                    request: request)
            }
            return "Bearer " + token
        case .httpDigest:
            guard let digest = offer.digest, let user = credential.user, let password = credential.password else {
                throw CourierError(
                    .userAuthenticationRequired, outcome: .failed,
                    message: "Digest authentication needs a user name and password", request: request)
            }
            let count = entries.withLock { entries -> Int in
                var entry = entries[key]
                if entry?.digest?.nonce == digest.nonce {
                    entry?.nonceCount += 1
                } else {
                    entry = Entry(space: space, credential: credential, digest: digest, nonceCount: 1, pathPrefix: path)
                }
                entry?.credential = credential
                entries[key] = entry
                return entry?.nonceCount ?? 1
            }
            return DigestAuthenticator.authorization(
                challenge: digest, user: user, password: password, method: request.method.rawValue,
                uri: Self.requestTarget(of: request.url), body: request.body.inMemoryData, nonceCount: count,
                clientNonce: DigestAuthenticator.makeClientNonce())
        default:
            throw CourierError(
                .userAuthenticationRequired, outcome: .failed, message: "unsupported authentication scheme",
                request: request)
        }
    }

    /// An `Authorization` value to send before being asked, for a space that answered before.
    func preemptiveAuthorization(for request: Request) -> (
        value: String, space: ProtectionSpace, credential: Credential
    )? {
        // Most sessions never answer a challenge: skip the origin computation then.
        guard !entries.withLock({ $0.isEmpty }) else { return nil }
        let key = Self.originKey(request.url)
        guard let entry = entries.withLock({ $0[key] }), request.url.path.hasPrefix(entry.pathPrefix) else {
            return nil
        }
        if entry.space.protocolName == "http", entry.digest == nil { return nil }
        let offer = AuthenticationInterceptor.Offer(
            challenge: AuthenticationHeaderChallenge(
                scheme: entry.digest == nil ? "basic" : "digest", token68: nil, parameters: [:]),
            method: entry.digest == nil ? .httpBasic : .httpDigest, digest: entry.digest, rank: 0)
        guard let value = try? answer(offer, credential: entry.credential, space: entry.space, request: request) else {
            return nil
        }
        return (value, entry.space, entry.credential)
    }

    func forget(_ space: ProtectionSpace) {
        entries.withLock { entries in
            for (key, entry) in entries where entry.space == space { entries[key] = nil }
        }
    }

    /// The directory of a path (RFC 7617 §2.2: credentials apply to that path and below).
    static func directory(of url: URL) -> String {
        let path = url.path.isEmpty ? "/" : url.path
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        return String(path[...slash])
    }

    /// Path and query, as in the request line.
    static func requestTarget(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? url.path
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        return target
    }
}
