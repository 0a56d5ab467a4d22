import Courier
import CourierSampleServer
import Foundation
import HTTPTypes
import Testing

@Suite("Chapter 10: push registration and payloads")
struct PushRoutesTests {
    static let token = String(repeating: "ab12", count: 16)
    static let otherToken = String(repeating: "cd34", count: 16) + "ef"

    func register(_ user: String?, _ token: String?, server: RunningSampleServer, session: Session) async throws
        -> Response
    {
        var fields: [(String, String)] = []
        if let user { fields.append(("user", user)) }
        if let token { fields.append(("token", token)) }
        return try await session.data(for: formRequest(server.url("/push/register"), fields))
    }

    func send(
        _ fields: [(String, String)], server: RunningSampleServer, session: Session, password: String = "password"
    )
        async throws -> Response
    {
        var request = formRequest(server.url("/push/send"), fields)
        request.headerFields[.authorization] = basicAuthorization("jdoe", password)
        return try await session.data(for: request)
    }

    @Test("register stores tokens per user, lower-cased and without duplicates")
    func registerDedupes() async throws {
        try await withSampleServer { server, session in
            let first = try await register("ann", Self.token.uppercased(), server: server, session: session)
            #expect(first.status == .created)
            #expect(try jsonObject(first)["token"] as? String == Self.token)
            let again = try await register("ann", Self.token, server: server, session: session)
            #expect(again.status == .ok)
            #expect(try jsonObject(again)["registered"] as? Bool == false)
            #expect(try jsonObject(again)["tokens"] as? Int == 1)
            let second = try await register("ann", Self.otherToken, server: server, session: session)
            #expect(try jsonObject(second)["tokens"] as? Int == 2)
        }
    }

    @Test(
        "register refuses missing and malformed fields with 400",
        arguments: [
            (nil, PushRoutesTests.token), ("ann", nil), ("", PushRoutesTests.token),
            ("ann", "xyz" + String(repeating: "0", count: 61)),
            ("ann", String(repeating: "a", count: 65)), ("ann", String(repeating: "a", count: 62)),
        ] as [(String?, String?)])
    func registerBadInput(_ user: String?, _ token: String?) async throws {
        try await withSampleServer { server, session in
            let response = try await register(user, token, server: server, session: session)
            #expect(response.status == .badRequest)
            #expect(errorMessage(response) != nil)
        }
    }

    @Test("send builds an aps payload for every token of the user")
    func sendBuildsPayloads() async throws {
        try await withSampleServer { server, session in
            _ = try await register("ann", Self.token, server: server, session: session)
            _ = try await register("ann", Self.otherToken, server: server, session: session)
            let response = try await send(
                [("user", "ann"), ("message", "Your transfer is done"), ("badge", "3"), ("sound", "default")],
                server: server, session: session)
            #expect(response.status == .ok)
            let body = try jsonObject(response)
            #expect(body["user"] as? String == "ann")
            let notifications = try #require(body["notifications"] as? [[String: Any]])
            #expect(notifications.map { $0["token"] as? String } == [Self.token, Self.otherToken])
            let aps = try #require((notifications.first?["payload"] as? [String: Any])?["aps"] as? [String: Any])
            #expect(aps["alert"] as? String == "Your transfer is done")
            #expect(aps["badge"] as? Int == 3)
            #expect(aps["sound"] as? String == "default")
            // The exact compact bytes, keys in the order Apple's examples use.
            #expect(
                response.text?.contains(
                    #""payload":{"aps":{"alert":"Your transfer is done","badge":3,"sound":"default"}}"#)
                    == true)
        }
    }

    @Test("send needs Basic credentials, a known user, a message and a payload within 4 KiB")
    func sendFailures() async throws {
        try await withSampleServer { server, session in
            _ = try await register("ann", Self.token, server: server, session: session)
            let anonymous = try await session.data(
                for: formRequest(server.url("/push/send"), [("user", "ann"), ("message", "hi")]))
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Basic") == true)
            #expect(
                try await send([("user", "ann"), ("message", "hi")], server: server, session: session, password: "x")
                    .status
                    == .unauthorized)
            let unknown = try await send([("user", "bob"), ("message", "hi")], server: server, session: session)
            #expect(unknown.status == .notFound)
            #expect(try await send([("user", "ann")], server: server, session: session).status == .badRequest)
            #expect(
                try await send([("user", "ann"), ("message", "hi"), ("badge", "-1")], server: server, session: session)
                    .status == .badRequest)
            let large = try await send(
                [("user", "ann"), ("message", String(repeating: "x", count: 4100))], server: server, session: session)
            #expect(large.status == .contentTooLarge)
            #expect(errorMessage(large)?.contains("4096") == true)
        }
    }
}
