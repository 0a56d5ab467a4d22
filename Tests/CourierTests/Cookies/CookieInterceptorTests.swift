import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// A stub answer that sets cookies.
func settingCookies(_ cookies: [String], _ response: StubResponse = .status(200)) -> StubResponse {
    var answer = response
    for cookie in cookies { answer.headerFields.append(HTTPField(name: .setCookie, value: cookie)) }
    return answer
}

/// The Cookie header fields of each request the stubs received, in order (`nil` for none).
func sentCookies(_ stubs: StubProtocolHandler) -> [String?] {
    stubs.receivedRequests.map { request in
        let values = request.headerFields.filter { $0.name == .cookie }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: " | ")
    }
}

@Suite("Cookies in sessions")
struct CookieInterceptorTests {
    @Test func responsesSetCookiesAndLaterRequestsSendThemInOneHeader() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://shop.test/login", response: settingCookies(["sid=abc; Path=/", "theme=dark"]))
        stubs.stub(matching: { $0.url.path == "/cart" }, response: .status(200))
        let session = stubbedSession(stubs)
        _ = try await session.data(for: try Request("https://shop.test/login"))
        _ = try await session.data(for: try Request("https://shop.test/cart"))
        #expect(sentCookies(stubs) == [nil, "sid=abc; theme=dark"])
        #expect(session.configuration.httpCookieStorage?.cookies.count == 2)
        await session.finishTasksAndInvalidate()
    }

    @Test func shouldHandleCookiesFalseSendsNoneAndStoresNone() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: settingCookies(["new=1"]))
        let session = stubbedSession(stubs)
        let jar = try #require(session.configuration.httpCookieStorage)
        jar.setCookie(try Cookie(name: "old", value: "1", domain: "api.test"))
        var request = try Request("https://api.test/x")
        request.shouldHandleCookies = false
        _ = try await session.data(for: request)
        #expect(sentCookies(stubs) == [nil])
        #expect(jar.cookies.map(\.name) == ["old"])
        await session.finishTasksAndInvalidate()
    }

    @Test func httpShouldSetCookiesFalseStillStores() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: settingCookies(["new=1"]))
        let session = stubbedSession(stubs) { $0.httpShouldSetCookies = false }
        _ = try await session.data(for: try Request("https://api.test/x"))
        _ = try await session.data(for: try Request("https://api.test/y"))
        #expect(sentCookies(stubs) == [nil, nil])
        #expect(session.configuration.httpCookieStorage?.cookies.map(\.name) == ["new"])
        await session.finishTasksAndInvalidate()
    }

    @Test func sessionAcceptPolicyNeverStoresNothing() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: settingCookies(["new=1"]))
        let session = stubbedSession(stubs) { $0.httpCookieAcceptPolicy = .never }
        _ = try await session.data(for: try Request("https://api.test/x"))
        #expect(session.configuration.httpCookieStorage?.cookies.isEmpty == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func onlyFromMainDocumentDomainUsesTheRequestsMainDocumentURL() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: settingCookies(["c=1"]))
        let session = stubbedSession(stubs) { $0.httpCookieAcceptPolicy = .onlyFromMainDocumentDomain }
        let main = try #require(URL(string: "https://www.news.test/article"))
        var sameSite = try Request("https://static.news.test/app.js")
        sameSite.mainDocumentURL = main
        var thirdParty = try Request("https://ads.test/pixel")
        thirdParty.mainDocumentURL = main
        _ = try await session.data(for: sameSite)
        _ = try await session.data(for: thirdParty)
        #expect(session.configuration.httpCookieStorage?.cookies.map(\.domain) == ["static.news.test"])
        await session.finishTasksAndInvalidate()
    }

    @Test func noJarMeansNoCookies() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: settingCookies(["c=1"]))
        let session = stubbedSession(stubs) { $0.httpCookieStorage = nil }
        _ = try await session.data(for: try Request("https://api.test/x"))
        _ = try await session.data(for: try Request("https://api.test/x"))
        #expect(sentCookies(stubs) == [nil, nil])
        await session.finishTasksAndInvalidate()
    }

    @Test func anExplicitCookieHeaderComesFirstAndWinsOverTheJarsNamesake() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        let session = stubbedSession(stubs)
        let jar = try #require(session.configuration.httpCookieStorage)
        jar.setCookie(try Cookie(name: "lang", value: "en", domain: "api.test"))
        jar.setCookie(try Cookie(name: "sid", value: "from-jar", domain: "api.test"))
        var request = try Request("https://api.test/x")
        request.headerFields.append(
            contentsOf: Cookie.requestHeaderFields(with: [
                try Cookie(name: "sid", value: "explicit", domain: "api.test")
            ]))
        _ = try await session.data(for: request)
        #expect(sentCookies(stubs) == ["sid=explicit; lang=en"])
        await session.finishTasksAndInvalidate()
    }

    @Test func sharedJarsAreSharedBetweenSessions() async throws {
        let jar = CookieStorage()
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/login", response: settingCookies(["sid=1"]))
        stubs.stub(.get, "https://api.test/me", response: .status(200))
        let first = stubbedSession(stubs) { $0.httpCookieStorage = jar }
        let second = stubbedSession(stubs) { $0.httpCookieStorage = jar }
        _ = try await first.data(for: try Request("https://api.test/login"))
        _ = try await second.data(for: try Request("https://api.test/me"))
        #expect(sentCookies(stubs) == [nil, "sid=1"])
        await first.finishTasksAndInvalidate()
        await second.finishTasksAndInvalidate()
    }

    @Test func cookiesDoNotApplyToOtherSchemes() async throws {
        let session = Session(configuration: .ephemeral)
        let response = try await session.data(for: try Request("data:text/plain,hello"))
        #expect(response.text == "hello")
        await session.finishTasksAndInvalidate()
    }

    // MARK: Redirect safety

    @Test func cookiesSetByA302AreSentOnTheNextHop() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://shop.test/login", response: settingCookies(["sid=abc"], .redirect(to: "/home")))
        stubs.stub(.get, "https://shop.test/home", response: .text("welcome"))
        let session = stubbedSession(stubs)
        let response = try await session.data(for: try Request("https://shop.test/login"))
        #expect(response.text == "welcome")
        #expect(response.redirectChain.count == 1)
        #expect(sentCookies(stubs) == [nil, "sid=abc"])
        await session.finishTasksAndInvalidate()
    }

    @Test func hostACookiesNeverReachHostBAfterARedirect() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "https://a.test/start", response: settingCookies(["fresh=1"], .redirect(to: "https://b.test/land")))
        stubs.stub(.get, "https://b.test/land", response: .status(200))
        let session = stubbedSession(stubs)
        let jar = try #require(session.configuration.httpCookieStorage)
        jar.setCookie(try Cookie(name: "a-secret", value: "1", domain: "a.test"))
        jar.setCookie(try Cookie(name: "b-own", value: "2", domain: "b.test"))
        var request = try Request("https://a.test/start")
        try request.setValue("explicit=3", forHTTPHeaderField: "Cookie")
        _ = try await session.data(for: request)
        let sent = sentCookies(stubs)
        #expect(sent.count == 2)
        #expect(sent[0] == "explicit=3; a-secret=1")
        // Only B's own cookie: neither A's jar cookies, nor the one A just set, nor the caller's header.
        #expect(sent[1] == "b-own=2")
        await session.finishTasksAndInvalidate()
    }

    @Test func anHTTPSToHTTPRedirectDropsSecureCookies() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://a.test/secure", response: .redirect(to: "http://a.test/plain"))
        stubs.stub(.get, "http://a.test/plain", response: .status(200))
        let session = stubbedSession(stubs)
        let jar = try #require(session.configuration.httpCookieStorage)
        jar.setCookie(try Cookie(name: "token", value: "s", domain: "a.test", isSecure: true))
        jar.setCookie(try Cookie(name: "pref", value: "p", domain: "a.test"))
        _ = try await session.data(for: try Request("https://a.test/secure"))
        #expect(sentCookies(stubs) == ["token=s; pref=p", "pref=p"])
        await session.finishTasksAndInvalidate()
    }

    @Test func overTheNetworkA302sCookieIsStoredAndSentOnce() async throws {
        let cookieHeaders = CookieHeaderLog()
        try await withServer(handler: { request in
            cookieHeaders.record(request.headers[.cookie])
            switch request.path {
            case "/login":
                return TestServer.Response(
                    status: 302,
                    headers: [
                        ("Location", "/home"), ("Set-Cookie", "sid=xyz; Path=/; HttpOnly"), ("Set-Cookie", "n=1"),
                    ])
            default:
                return .text("home")
            }
        }) { server, session in
            let response = try await session.data(for: Request(url: server.url("/login")))
            #expect(response.text == "home")
            #expect(server.recordedRequests.count == 2)
            #expect(server.recordedRequests.last?.headers.filter { $0.name == .cookie }.count == 1)
        }
        #expect(cookieHeaders.values == [nil, "sid=xyz; n=1"])
    }
}

/// The Cookie headers a test server saw, in order.
final class CookieHeaderLog: Sendable {
    private let log = Mutex<[String?]>([])
    func record(_ value: String?) { log.withLock { $0.append(value) } }
    var values: [String?] { log.withLock { $0 } }
}
