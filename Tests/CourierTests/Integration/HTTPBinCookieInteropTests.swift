import Courier
import Foundation
import Testing

/// Courier's cookies against a real httpbin (PyPI's `httpbin` under gunicorn on loopback), started by
/// `.ci/interop/run.sh`, which exports `COURIER_HTTPBIN_URL`. Skipped unless `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct HTTPBinCookieInteropTests {
    var baseURL: String { ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] ?? "http://127.0.0.1:1" }

    struct CookiesDocument: Decodable {
        var cookies: [String: String]
    }

    func makeSession() -> (Session, CookieStorage) {
        let jar = CookieStorage()
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        configuration.httpCookieStorage = jar
        return (Session(configuration: configuration), jar)
    }

    @Test func setFollowsTheRedirectAndTheCookieComesBack() async throws {
        let (session, jar) = makeSession()
        // /cookies/set answers 302 to /cookies with Set-Cookie: the cookie must be stored from the 302
        // and sent on the redirected request, whose body shows what httpbin received.
        let set = try await session.data(for: try Request("\(baseURL)/cookies/set?flavour=oatmeal&batch=7"))
        #expect(set.status == .ok)
        #expect(set.redirectChain.first?.statusCode == 302)
        #expect(try set.decode(CookiesDocument.self).cookies == ["flavour": "oatmeal", "batch": "7"])
        #expect(jar.cookies.map(\.name).sorted() == ["batch", "flavour"])

        let later = try await session.data(for: try Request("\(baseURL)/cookies"))
        #expect(try later.decode(CookiesDocument.self).cookies == ["flavour": "oatmeal", "batch": "7"])
        await session.finishTasksAndInvalidate()
    }

    @Test func deleteExpiresTheCookie() async throws {
        let (session, jar) = makeSession()
        _ = try await session.data(for: try Request("\(baseURL)/cookies/set?keep=1&drop=2"))
        let deleted = try await session.data(for: try Request("\(baseURL)/cookies/delete?drop"))
        #expect(try deleted.decode(CookiesDocument.self).cookies == ["keep": "1"])
        #expect(jar.cookies.map(\.name) == ["keep"])
        await session.finishTasksAndInvalidate()
    }

    @Test func perRequestOptOutSendsNothing() async throws {
        let (session, _) = makeSession()
        _ = try await session.data(for: try Request("\(baseURL)/cookies/set?a=1"))
        var request = try Request("\(baseURL)/cookies")
        request.shouldHandleCookies = false
        let response = try await session.data(for: request)
        #expect(try response.decode(CookiesDocument.self).cookies.isEmpty)
        await session.finishTasksAndInvalidate()
    }
}
