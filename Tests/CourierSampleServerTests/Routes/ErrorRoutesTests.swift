import Courier
import CourierSampleServer
import Foundation
import HTTPTypes
import Testing

@Suite("Sample server: chapter 5 login, token feed, error envelope, faults")
struct ErrorRoutesTests {
    struct Token: Decodable { var token: String }

    @Test("login issues a bearer token that opens the uploads feed; no or a wrong token is 401 with a challenge")
    func loginAndFeed() async throws {
        try await withSampleServer { server, session in
            let login = try await session.data(
                for: Request(
                    url: server.url("/auth/login"), method: .post,
                    body: .form([("username", "courier"), ("password", "courier")])))
            #expect(login.status == .ok)
            let token = try login.decode(Token.self).token

            let anonymous = try await session.data(for: Request(url: server.url("/feeds/uploads")))
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Bearer") == true)

            var wrong = Request(url: server.url("/feeds/uploads"))
            try wrong.setValue("Bearer forged", forHTTPHeaderField: "Authorization")
            #expect(try await session.data(for: wrong).status == .unauthorized)

            var authorized = Request(url: server.url("/feeds/uploads"))
            try authorized.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let feed = try await session.data(for: authorized)
            #expect(feed.status == .ok)
            #expect(feed.text?.contains("\"user\":\"courier\"") == true)
        }
    }

    @Test("login refuses a wrong password (401) and a missing field (400)")
    func loginFailures() async throws {
        try await withSampleServer { server, session in
            let wrong = try await session.data(
                for: Request(
                    url: server.url("/auth/login"), method: .post,
                    body: .form([("username", "courier"), ("password", "nope")])))
            #expect(wrong.status == .unauthorized)
            let missing = try await session.data(
                for: Request(url: server.url("/auth/login"), method: .post, body: .form([("username", "courier")])))
            #expect(missing.status == .badRequest)
            #expect(missing.text?.contains("password") == true)
        }
    }

    @Test("the error envelope comes with status 200, as the book's service sends it")
    func envelope() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/errors/envelope")))
            #expect(response.status == .ok)
            #expect(
                response.text
                    == #"{"error":{"code":900005,"messages":"Insufficient Funds to Complete Transfer"},"data":{}}"#)
        }
    }

    @Test("500-then-ok fails n times per key, then succeeds; reset clears it")
    func failThenSucceed() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/faults/500-then-ok?n=2&key=test")
            #expect(try await session.data(for: Request(url: url)).status == .internalServerError)
            #expect(try await session.data(for: Request(url: url)).status == .internalServerError)
            let ok = try await session.data(for: Request(url: url))
            #expect(ok.status == .ok)
            #expect(ok.text?.contains("\"attempts\":3") == true)
            _ = try await session.data(for: Request(url: server.url("/faults/reset")))
            #expect(try await session.data(for: Request(url: url)).status == .internalServerError)
        }
    }

    @Test("Courier's retry policy rides out 500-then-ok")
    func retryRidesOut() async throws {
        try await withSampleServer(session: {
            $0.retryPolicy = RetryPolicy(maximumRetries: 3, baseDelay: 0.01, maximumDelay: 0.05)
        }) { server, session in
            let response = try await session.data(for: Request(url: server.url("/faults/500-then-ok?n=2&key=retry")))
            #expect(response.status == .ok)
        }
    }

    @Test("the slow switch delays every request until reset")
    func slowSwitch() async throws {
        try await withSampleServer { server, session in
            _ = try await session.data(for: Request(url: server.url("/faults/slow?seconds=0.3")))
            let clock = ContinuousClock()
            let started = clock.now
            _ = try await session.data(for: Request(url: server.url("/headers")))
            #expect(clock.now - started >= .milliseconds(280))
            _ = try await session.data(for: Request(url: server.url("/faults/reset")))
            #expect(
                try await session.data(for: Request(url: server.url("/faults/slow?seconds=99"))).status == .badRequest)
        }
    }
}

@Suite("Sample server: login with JSON, as CourierCommands' LoginCommand sends it")
struct JSONLoginTests {
    @Test("a JSON login body works like the form")
    func jsonLogin() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(
                for: Request(
                    url: server.url("/auth/login"), method: .post,
                    body: .json(["username": "courier", "password": "courier"])))
            #expect(response.status == .ok)
            #expect(response.text?.contains("\"token\"") == true)
            let bad = try await session.data(
                for: Request(
                    url: server.url("/auth/login"), method: .post,
                    body: .data(Data("[1]".utf8), contentType: "application/json")))
            #expect(bad.status == .badRequest)
        }
    }
}
