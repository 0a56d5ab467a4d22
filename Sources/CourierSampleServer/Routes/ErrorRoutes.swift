import CourierSecurity
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.JSONValue

/// Chapter 5: login issuing a bearer token, the token-protected uploads feed, the application error
/// envelope (HTTP 200 carrying an error), and fault switches for tests.
enum ErrorRoutes {
    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.post("/auth/login") { request, _ -> Response in
            let fields = try await self.loginFields(request, limit: state.configuration.bodyLimit)
            guard let user = fields["username"] ?? fields["user"], !user.isEmpty else {
                throw SampleError.badRequest("missing field \"username\"")
            }
            guard let password = fields["password"] else { throw SampleError.badRequest("missing field \"password\"") }
            guard let expected = state.configuration.users[user],
                ConstantTime.isEqual(expected, password)
            else {
                throw SampleError(.unauthorized, "wrong user name or password")
            }
            let token = Base64URL.encode(SecureRandom.bytes(count: 24))
            state.withStorage { $0.tokens[token] = user }
            return SampleHTTP.json(
                .object([("token", .string(token)), ("tokenType", .string("Bearer")), ("user", .string(user))]))
        }
        router.get("/feeds/uploads") { request, _ -> Response in
            let user = try self.bearerUser(request, state: state)
            let items: [JSONValue] = RequestRoutes.videos.map { video in
                .object([
                    ("title", .string(video.title)), ("owner", .string(user)),
                    ("url", .string(state.baseURL.absoluteString + "/media/\(video.name).mp4")),
                ])
            }
            return SampleHTTP.json(.object([("user", .string(user)), ("uploads", .array(items))]))
        }
        router.get("/errors/envelope") { _, _ -> Response in
            SampleHTTP.json(
                .object([
                    (
                        "error",
                        .object([
                            ("code", .number(900005)), ("messages", .string("Insufficient Funds to Complete Transfer")),
                        ])
                    ),
                    ("data", .object([])),
                ]))
        }
        router.get("/faults/reset") { _, _ -> Response in
            state.withStorage { $0.faults = SampleServerState.Faults() }
            return SampleHTTP.json(.object([("reset", .bool(true))]))
        }
        router.get("/faults/slow") { request, _ -> Response in
            let seconds = SampleHTTP.query(request, "seconds").map { Double($0) } ?? 2
            guard let seconds, (0...30).contains(seconds) else {
                throw SampleError.badRequest("seconds is between 0 and 30")
            }
            state.withStorage { $0.faults.delay = seconds }
            return SampleHTTP.json(.object([("delay", .number(seconds))]))
        }
        router.get("/faults/500-then-ok") { request, _ -> Response in
            let count = SampleHTTP.query(request, "n").map { Int($0) } ?? 2
            guard let count, (0...100).contains(count) else { throw SampleError.badRequest("n is between 0 and 100") }
            let key = SampleHTTP.query(request, "key") ?? ""
            let served = state.withStorage { storage -> Int in
                let served = storage.faults.failuresServed[key, default: 0]
                if served < count { storage.faults.failuresServed[key] = served + 1 }
                return served
            }
            if served < count {
                throw SampleError(.internalServerError, "simulated failure \(served + 1) of \(count)")
            }
            return SampleHTTP.json(.object([("ok", .bool(true)), ("attempts", .number(Double(served + 1)))]))
        }
    }

    /// The fields of a login body: a form (the book's clients) or a JSON object of strings.
    static func loginFields(_ request: Request, limit: Int) async throws -> [String: String] {
        if request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true {
            let object = try await SampleHTTP.jsonObject(request, limit: limit)
            return object.compactMapValues { $0 as? String }
        }
        let form = try await SampleHTTP.form(request, limit: limit)
        return Dictionary(form, uniquingKeysWith: { first, _ in first })
    }

    /// The user a `Bearer` token was issued to; 401 with a challenge otherwise.
    static func bearerUser(_ request: Request, state: SampleServerState) throws -> String {
        let challenge: HTTPFields = [.wwwAuthenticate: "Bearer realm=\"Courier Sample\""]
        guard let authorization = request.headers[.authorization] else {
            throw SampleError(
                .unauthorized, "this feed needs Authorization: Bearer <token> (POST /auth/login)", headers: challenge)
        }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw SampleError(.unauthorized, "this feed takes a Bearer token", headers: challenge)
        }
        guard let user = state.withStorage({ $0.tokens[String(parts[1])] }) else {
            var headers = challenge
            headers[.wwwAuthenticate] = "Bearer realm=\"Courier Sample\", error=\"invalid_token\""
            throw SampleError(.unauthorized, "the token is not valid (log in again)", headers: headers)
        }
        return user
    }
}
