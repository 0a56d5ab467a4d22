import CourierTestSupport
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

/// A clock for jars under test: starts at ``cookieTestNow`` and moves only when told.
final class CookieTestClock: Sendable {
    private let current = Mutex(cookieTestNow)
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var function: @Sendable () -> Date { { self.now } }
}

func cookieURL(_ string: String) -> URL {
    guard let url = URL(string: string) else { preconditionFailure("bad test URL \(string)") }
    return url
}

/// Stores the Set-Cookie values in a jar as responses from `from`.
func receive(_ headers: [String], from source: String, in jar: CookieStorage, mainDocumentURL: URL? = nil) {
    var fields = HTTPFields()
    for header in headers { fields.append(HTTPField(name: .setCookie, value: header)) }
    jar.storeCookies(from: fields, for: cookieURL(source), mainDocumentURL: mainDocumentURL, policy: .always)
}

@Suite("Cookie domain and path matching")
struct CookieMatchingTests {
    /// The book's table 3-2: cookie domain, sent to http://www.host.com, sent to http://host.com.
    static let table3_2: [(domain: String, toWWW: Bool, toBare: Bool)] = [
        (".host.com", true, true),
        (".www.host.com", true, false),
        ("host.com", false, true),
        (".www.nothost.com", false, false),
    ]

    @Test(arguments: 0..<4, ["www.host.com", "host.com"])
    func table3_2CookieDomainMapping(row: Int, host: String) throws {
        let entry = Self.table3_2[row]
        let expected = host == "www.host.com" ? entry.toWWW : entry.toBare
        let jar = CookieStorage()
        jar.setCookie(try Cookie(name: "c", value: "1", domain: entry.domain))
        let sent = jar.cookieHeader(for: cookieURL("http://\(host)/")) != nil
        #expect(sent == expected, "cookie for \(entry.domain) sent to \(host)")
    }

    /// The same four rows as servers would set them with Set-Cookie.
    @Test func table3_2ThroughSetCookie() throws {
        let jar = CookieStorage()
        receive(["a=1; Domain=host.com"], from: "http://www.host.com/", in: jar)  // .host.com
        receive(["b=2; Domain=www.host.com"], from: "http://www.host.com/", in: jar)  // .www.host.com
        receive(["c=3"], from: "http://host.com/", in: jar)  // host-only host.com
        receive(["d=4; Domain=www.nothost.com"], from: "http://www.host.com/", in: jar)  // refused
        #expect(jar.cookies.map(\.domain).sorted() == [".host.com", ".www.host.com", "host.com"])
        #expect(jar.cookieHeader(for: cookieURL("http://www.host.com/")) == "a=1; b=2")
        #expect(jar.cookieHeader(for: cookieURL("http://host.com/")) == "a=1; c=3")
    }

    @Test(arguments: [
        ("example.com", "example.com", true),
        ("www.example.com", "example.com", true),
        ("a.b.example.com", "example.com", true),
        ("example.com", "www.example.com", false),
        ("notexample.com", "example.com", false),
        ("example.com.evil", "example.com", false),
        ("127.0.0.1", "127.0.0.1", true),
        ("10.0.0.1", "0.0.1", false),
        ("::1", "::1", true),
    ])
    func domainMatching(host: String, domain: String, expected: Bool) {
        #expect(CookieRules.domainMatches(host: host, domain: domain) == expected)
    }

    @Test(arguments: [
        ("/", "/", true),
        ("/docs", "/", true),
        ("/docs", "/docs", true),
        ("/docs/", "/docs", true),
        ("/docs/web", "/docs", true),
        ("/docs/web", "/docs/", true),
        ("/docsets", "/docs", false),
        ("/doc", "/docs", false),
        ("/", "/docs", false),
        ("/Docs", "/docs", false),
    ])
    func pathMatching(requestPath: String, cookiePath: String, expected: Bool) {
        #expect(CookieRules.pathMatches(requestPath: requestPath, cookiePath: cookiePath) == expected)
    }

    @Test(.ownThread) func aDomainThatDoesNotMatchTheHostIsRefused() {
        #expect(parseSetCookie("a=1; Domain=other.com", from: "https://www.example.com/") == nil)
        #expect(parseSetCookie("a=1; Domain=ww.example.com", from: "https://www.example.com/") == nil)
        #expect(parseSetCookie("a=1; Domain=sub.www.example.com", from: "https://www.example.com/") == nil)
    }

    @Test(arguments: [
        ("https://www.example.co.uk/", "co.uk"),
        ("https://www.example.com/", "com"),
        ("https://alice.github.io/", "github.io"),
        ("https://a.b.kawasaki.jp/", "b.kawasaki.jp"),  // a wildcard rule: *.kawasaki.jp
    ])
    func supercookiesForPublicSuffixesAreRefused(source: String, domain: String) {
        #expect(parseSetCookie("track=1; Domain=\(domain)", from: source) == nil)
        let jar = CookieStorage()
        receive(["track=1; Domain=\(domain)"], from: source, in: jar)
        #expect(jar.cookies.isEmpty)
    }

    @Test func aHostThatIsAPublicSuffixMaySetAHostOnlyCookie() throws {
        // RFC 6265 section 5.3 step 5: the domain attribute equals the host, so the cookie becomes host-only.
        let cookie = try #require(parseSetCookie("a=1; Domain=github.io", from: "https://github.io/"))
        #expect(cookie.domain == "github.io")
        #expect(cookie.isHostOnly)
        let local = try #require(parseSetCookie("a=1; Domain=localhost", from: "http://localhost:8080/"))
        #expect(local.domain == "localhost" && local.isHostOnly)
        let jar = CookieStorage()
        receive(["a=1; Domain=github.io"], from: "https://github.io/", in: jar)
        #expect(jar.cookieHeader(for: cookieURL("https://github.io/x")) == "a=1")
        #expect(jar.cookieHeader(for: cookieURL("https://alice.github.io/")) == nil)
    }

    @Test func theCitiesExceptionMakesARegistrableDomain() throws {
        // !city.kawasaki.jp is an exception to *.kawasaki.jp: city.kawasaki.jp is a site, not a suffix.
        let cookie = try #require(parseSetCookie("a=1; Domain=city.kawasaki.jp", from: "https://www.city.kawasaki.jp/"))
        #expect(cookie.domain == ".city.kawasaki.jp")
    }

    @Test func addressesOnlyGetHostOnlyCookies() throws {
        let same = try #require(parseSetCookie("a=1; Domain=127.0.0.1", from: "http://127.0.0.1:8080/"))
        #expect(same.domain == "127.0.0.1" && same.isHostOnly)
        #expect(parseSetCookie("a=1; Domain=0.0.1", from: "http://127.0.0.1/") == nil)
        let v6 = try #require(parseSetCookie("a=1", from: "http://[::1]:8080/"))
        #expect(v6.domain == "::1")
        #expect(throws: CourierError.self) { try Cookie(name: "a", value: "1", domain: ".127.0.0.1") }
    }

    @Test func internationalizedDomainsAreComparedInASCII() throws {
        let cookie = try #require(parseSetCookie("a=1; Domain=bücher.example", from: "https://www.bücher.example/"))
        #expect(cookie.domain == ".xn--bcher-kva.example")
        let jar = CookieStorage()
        jar.setCookie(cookie)
        #expect(jar.cookieHeader(for: cookieURL("https://xn--bcher-kva.example/")) == "a=1")
    }

    @Test func secureCookiesComeAndGoOnlyOverHTTPS() throws {
        #expect(parseSetCookie("s=1; Secure", from: "http://www.example.com/") == nil)
        let jar = CookieStorage()
        receive(["s=1; Secure", "p=2"], from: "https://www.example.com/", in: jar)
        #expect(jar.cookieHeader(for: cookieURL("https://www.example.com/")) == "s=1; p=2")
        #expect(jar.cookieHeader(for: cookieURL("http://www.example.com/")) == "p=2")
        #expect(jar.cookieHeader(for: cookieURL("wss://www.example.com/socket")) == "s=1; p=2")
    }

    @Test func insecureResponsesCannotOverwriteSecureCookies() throws {
        // RFC 6265bis "leave Secure cookies alone".
        let jar = CookieStorage()
        receive(["id=secure-value; Secure; Domain=example.com"], from: "https://www.example.com/", in: jar)
        receive(["id=attacker"], from: "http://www.example.com/", in: jar)
        receive(["id=attacker; Domain=example.com; Path=/deep"], from: "http://www.example.com/", in: jar)
        #expect(jar.cookies.map(\.value) == ["secure-value"])
        receive(["other=fine"], from: "http://www.example.com/", in: jar)
        #expect(jar.cookies.count == 2)
    }

    @Test(arguments: [
        ("__Secure-id=1", false),
        ("__Secure-id=1; Secure", true),
        ("__secure-id=1", false),
        ("__SECURE-id=1; Secure", true),
        ("__Host-id=1; Secure; Path=/", true),
        ("__Host-id=1; Secure", false),  // default path /docs, not /
        ("__Host-id=1; Path=/", false),
        ("__Host-id=1; Secure; Path=/; Domain=example.com", false),
        ("__host-id=1; Secure; Path=/; Domain=www.example.com", false),
        ("__Host-id=1; Secure; Path=/docs", false),
        ("=__Secure-id", false),  // a nameless cookie cannot pretend
        ("=__Host-id", false),
    ])
    func namePrefixesAreEnforced(header: String, accepted: Bool) {
        #expect((parseSetCookie(header) != nil) == accepted, "\(header)")
    }

    @Test func prefixesAreEnforcedForCookiesMadeInCodeToo() throws {
        let jar = CookieStorage()
        jar.setCookie(try Cookie(name: "__Host-a", value: "1", domain: ".example.com", isSecure: true))
        jar.setCookie(try Cookie(name: "__Secure-b", value: "1", domain: "example.com"))
        jar.setCookie(try Cookie(name: "track", value: "1", domain: ".co.uk"))
        #expect(jar.cookies.isEmpty)
        jar.setCookie(try Cookie(name: "__Host-a", value: "1", domain: "example.com", isSecure: true))
        #expect(jar.cookies.count == 1)
    }

    @Test func sendOrderIsLongerPathFirstThenEarlierCreation() throws {
        let clock = CookieTestClock()
        let jar = CookieStorage(now: clock.function)
        receive(["root-old=1; Path=/"], from: "https://example.com/", in: jar)
        clock.advance(by: 1)
        receive(["deep=2; Path=/a/b"], from: "https://example.com/", in: jar)
        clock.advance(by: 1)
        receive(["mid=3; Path=/a"], from: "https://example.com/", in: jar)
        clock.advance(by: 1)
        receive(["root-new=4; Path=/"], from: "https://example.com/", in: jar)
        #expect(
            jar.cookieHeader(for: cookieURL("https://example.com/a/b/c")) == "deep=2; mid=3; root-old=1; root-new=4")
        #expect(jar.cookieHeader(for: cookieURL("https://example.com/a")) == "mid=3; root-old=1; root-new=4")
        // A replacement keeps its original creation time, so its place in the order.
        clock.advance(by: 1)
        receive(["root-old=updated; Path=/"], from: "https://example.com/", in: jar)
        #expect(jar.cookieHeader(for: cookieURL("https://example.com/")) == "root-old=updated; root-new=4")
    }

    @Test func expiredCookiesAreNeverSentAndAreRemoved() async throws {
        let clock = CookieTestClock()
        let jar = CookieStorage(now: clock.function)
        let changes = jar.changes
        receive(["short=1; Max-Age=10", "long=2; Max-Age=1000", "session=3"], from: "https://example.com/", in: jar)
        #expect(jar.cookieHeader(for: cookieURL("https://example.com/")) == "short=1; long=2; session=3")
        clock.advance(by: 10)
        #expect(jar.cookieHeader(for: cookieURL("https://example.com/")) == "long=2; session=3")
        #expect(jar.cookies.map(\.name) == ["long", "session"])
        var iterator = changes.makeAsyncIterator()
        var seen: [String] = []
        for _ in 0..<4 {
            switch await iterator.next() {
            case .added(let cookie): seen.append("+\(cookie.name)")
            case .removed(let cookie): seen.append("-\(cookie.name)")
            default: seen.append("?")
            }
        }
        #expect(seen == ["+short", "+long", "+session", "-short"])
    }

    @Test func anExpiryInThePastDeletesTheStoredCookie() throws {
        let jar = CookieStorage(now: { cookieTestNow })
        receive(["a=1; Max-Age=100", "b=2"], from: "https://example.com/", in: jar)
        receive(["a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT", "b=; Max-Age=0"], from: "https://example.com/", in: jar)
        #expect(jar.cookies.isEmpty)
    }
}
