import Foundation
import HTTPTypes
import Testing

@testable import Courier

/// A fixed "now" for cookie tests: 2030-01-01 00:00:00 UTC.
let cookieTestNow = Date(timeIntervalSince1970: 1_893_456_000)

/// Parses one Set-Cookie value received from `url` the way the jar would (sections 5.2 and 5.3).
func parseSetCookie(_ header: String, from url: String = "https://www.example.com/docs/index.html") -> Cookie? {
    guard let url = URL(string: url) else { return nil }
    return SetCookieHeader.parse(header)?.cookie(for: url, now: cookieTestNow)
}

@Suite("Set-Cookie parsing (RFC 6265 section 5.2)")
struct SetCookieParsingTests {
    @Test func nameValueAndAttributes() throws {
        let cookie = try #require(
            parseSetCookie(
                "SID=31d4d96e407aad42; Path=/; Domain=example.com; Secure; HttpOnly; SameSite=Lax; Max-Age=3600"))
        #expect(cookie.name == "SID")
        #expect(cookie.value == "31d4d96e407aad42")
        #expect(cookie.domain == ".example.com")
        #expect(!cookie.isHostOnly)
        #expect(cookie.path == "/")
        #expect(cookie.isSecure)
        #expect(cookie.isHTTPOnly)
        #expect(cookie.sameSite == .lax)
        #expect(cookie.expiresDate == cookieTestNow.addingTimeInterval(3600))
        #expect(!cookie.isSessionOnly)
        #expect(cookie.creationDate == cookieTestNow)
        #expect(cookie.lastAccessDate == cookieTestNow)
        #expect(cookie.version == 0)
    }

    @Test func attributeNamesAreCaseInsensitive() throws {
        let cookie = try #require(
            parseSetCookie("a=b; PATH=/docs; dOmAiN=EXAMPLE.com; SECURE; hTtPoNlY; max-AGE=60; SAMESITE=strict"))
        #expect(cookie.path == "/docs")
        #expect(cookie.domain == ".example.com")
        #expect(cookie.isSecure && cookie.isHTTPOnly)
        #expect(cookie.sameSite == .strict)
        #expect(cookie.expiresDate == cookieTestNow.addingTimeInterval(60))
    }

    @Test(arguments: [
        "a=b; Max-Age=60; Expires=Sun, 06 Nov 1994 08:49:37 GMT",
        "a=b; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Max-Age=60",
    ])
    func maxAgeWinsOverExpiresInEitherOrder(_ header: String) throws {
        let cookie = try #require(parseSetCookie(header))
        #expect(cookie.expiresDate == cookieTestNow.addingTimeInterval(60))
    }

    @Test(arguments: ["abc", "1.5", "+5", "", "-", "6O", " "])
    func invalidMaxAgeIsIgnoredSoExpiresApplies(_ maxAge: String) throws {
        let cookie = try #require(parseSetCookie("a=b; Max-Age=\(maxAge); Expires=Wed, 09 Jun 2021 10:18:14 GMT"))
        #expect(cookie.expiresDate == Date(timeIntervalSince1970: 1_623_233_894))
    }

    @Test(arguments: ["0", "-1", "-99999999999999999999999"])
    func zeroOrNegativeMaxAgeExpiresAtOnce(_ maxAge: String) throws {
        let cookie = try #require(parseSetCookie("a=b; Max-Age=\(maxAge)"))
        #expect(cookie.isExpired(at: cookieTestNow))
    }

    @Test func hugeMaxAgeIsClampedNotOverflowed() throws {
        let cookie = try #require(parseSetCookie("a=b; Max-Age=99999999999999999999999999999999"))
        let expires = try #require(cookie.expiresDate)
        #expect(expires > cookieTestNow.addingTimeInterval(100 * 365 * 86_400))
        #expect(expires <= Date.distantFuture)
    }

    @Test func legacyExpiresFormatsAreRead() throws {
        let rfc850 = try #require(parseSetCookie("a=b; expires=Sunday, 06-Nov-94 08:49:37 GMT"))
        #expect(rfc850.expiresDate == Date(timeIntervalSince1970: 784_111_777))
        let asctime = try #require(parseSetCookie("a=b; Expires=Sun Nov  6 08:49:37 1994"))
        #expect(asctime.expiresDate == Date(timeIntervalSince1970: 784_111_777))
        let unparsable = try #require(parseSetCookie("a=b; Expires=someday"))
        #expect(unparsable.isSessionOnly)
    }

    @Test func theLastOfRepeatedAttributesWins() throws {
        let cookie = try #require(
            parseSetCookie("a=b; Path=/one; Path=/docs; Domain=www.example.com; Domain=example.com"))
        #expect(cookie.path == "/docs")
        #expect(cookie.domain == ".example.com")
    }

    @Test func aLeadingDotOnDomainIsIgnoredButMeansSubdomainsToo() throws {
        let dotted = try #require(parseSetCookie("a=b; Domain=.example.com"))
        let plain = try #require(parseSetCookie("a=b; Domain=example.com"))
        #expect(dotted.domain == ".example.com")
        #expect(plain.domain == dotted.domain)
    }

    @Test func missingDomainMakesAHostOnlyCookie() throws {
        let cookie = try #require(parseSetCookie("a=b", from: "https://WWW.Example.com/"))
        #expect(cookie.domain == "www.example.com")
        #expect(cookie.isHostOnly)
        let emptyDomain = try #require(parseSetCookie("a=b; Domain=", from: "https://www.example.com/"))
        #expect(emptyDomain.isHostOnly)
    }

    /// RFC 6265 section 5.1.4.
    @Test(arguments: [
        ("https://www.example.com", "/"),
        ("https://www.example.com/", "/"),
        ("https://www.example.com/a", "/"),
        ("https://www.example.com/a/b", "/a"),
        ("https://www.example.com/a/b/", "/a/b"),
        ("https://www.example.com/a/b/c.html?x=/y/z", "/a/b"),
        ("https://www.example.com/a%2Fb/c", "/a%2Fb"),
    ])
    func defaultPath(url: String, expected: String) throws {
        #expect(try #require(parseSetCookie("a=b", from: url)).path == expected)
        #expect(try #require(parseSetCookie("a=b; Path=", from: url)).path == expected)
        #expect(try #require(parseSetCookie("a=b; Path=relative", from: url)).path == expected)
    }

    @Test func emptyNamesAreAllowedAsIn6265bis() throws {
        let withEquals = try #require(parseSetCookie("=lonely"))
        #expect(withEquals.name == "")
        #expect(withEquals.value == "lonely")
        let withoutEquals = try #require(parseSetCookie("justavalue; Path=/"))
        #expect(withoutEquals.name == "")
        #expect(withoutEquals.value == "justavalue")
        #expect(Cookie.requestHeaderFields(with: [withoutEquals])[.cookie] == "justavalue")
    }

    @Test(arguments: ["", "=", " = ", ";", "  ; Path=/", "\t"])
    func nothingToStoreIsIgnored(_ header: String) {
        #expect(parseSetCookie(header) == nil)
    }

    @Test func whiteSpaceAroundNameValueAndAttributesIsTrimmed() throws {
        let cookie = try #require(parseSetCookie(" \tname \t= \t\"quoted value\" \t;  Path = /docs ; secure "))
        #expect(cookie.name == "name")
        #expect(cookie.value == "\"quoted value\"")
        #expect(cookie.path == "/docs")
        #expect(cookie.isSecure)
    }

    @Test func valuesMayContainEqualsSigns() throws {
        let cookie = try #require(parseSetCookie("token=a=b==; Path=/"))
        #expect(cookie.name == "token")
        #expect(cookie.value == "a=b==")
    }

    @Test func nameAndValueAreLimitedTo4096Bytes() throws {
        let fits = "n=" + String(repeating: "v", count: 4095)
        #expect(parseSetCookie(fits) != nil)
        let tooLong = "n=" + String(repeating: "v", count: 4096)
        #expect(parseSetCookie(tooLong) == nil)
        let nameTooLong = String(repeating: "n", count: 4097) + "="
        #expect(parseSetCookie(nameTooLong) == nil)
    }

    @Test func attributeValuesOver1024BytesAreIgnored() throws {
        let longPath = "/" + String(repeating: "p", count: 1024)
        let cookie = try #require(parseSetCookie("a=b; Path=\(longPath)", from: "https://www.example.com/x/y"))
        #expect(cookie.path == "/x")
    }

    @Test(arguments: ["a=b\u{0}c", "a=b\u{1}", "a\u{7F}=b", "a=\r\nInjected: yes", "a\u{1B}[31m=red"])
    func controlCharactersInNameOrValueRejectTheCookie(_ header: String) {
        #expect(parseSetCookie(header) == nil)
    }

    @Test func sameSiteValues() throws {
        #expect(try #require(parseSetCookie("a=b; SameSite=Strict")).sameSite == .strict)
        #expect(try #require(parseSetCookie("a=b; samesite=LAX")).sameSite == .lax)
        #expect(try #require(parseSetCookie("a=b; SameSite=none; Secure")).sameSite == Cookie.SameSitePolicy.none)
        #expect(try #require(parseSetCookie("a=b; SameSite=bogus")).sameSite == nil)
        #expect(try #require(parseSetCookie("a=b")).sameSite == nil)
    }

    @Test func rfc2965AttributesAreKept() throws {
        let cookie = try #require(
            parseSetCookie("a=b; Comment=tracks your cart; CommentURL=https://example.com/why; Version=1"))
        #expect(cookie.comment == "tracks your cart")
        #expect(cookie.commentURL == URL(string: "https://example.com/why"))
        #expect(cookie.version == 1)
    }

    @Test func cookiesWithResponseHeaderFieldsFindsTheSessionID() throws {
        // The book's JavaEE example: look for JSESSIONID among the Set-Cookie fields.
        var fields = HTTPFields()
        fields.append(HTTPField(name: .setCookie, value: "JSESSIONID=6B2F0A2D31; Path=/shop; HttpOnly"))
        fields.append(HTTPField(name: .setCookie, value: "theme=dark; Expires=Wed, 09 Jun 2021 10:18:14 GMT"))
        // Too long to keep (name + value over 4096 bytes): dropped, not truncated.
        fields.append(HTTPField(name: .setCookie, value: "bad=" + String(repeating: "x", count: 5000)))
        fields.append(HTTPField(name: .contentType, value: "text/html"))
        let url = try #require(URL(string: "https://shop.example.com/shop/login"))
        let cookies = Cookie.cookies(withResponseHeaderFields: fields, for: url, now: cookieTestNow)
        #expect(cookies.map(\.name) == ["JSESSIONID", "theme"])
        let session = try #require(cookies.first { $0.name == "JSESSIONID" })
        #expect(session.value == "6B2F0A2D31")
        #expect(session.path == "/shop")
        #expect(session.isSessionOnly)
        #expect(session.domain == "shop.example.com")
    }

    @Test func requestHeaderFieldsMakeOneCookieHeaderInTheGivenOrder() throws {
        let first = try Cookie(name: "FOO", value: "This is foo", domain: "www.example.com")
        let second = try Cookie(name: "bar", value: "2", domain: ".example.com", path: "/docs")
        let fields = Cookie.requestHeaderFields(with: [first, second])
        #expect(fields.count == 1)
        #expect(fields[.cookie] == "FOO=This is foo; bar=2")
        #expect(Cookie.requestHeaderFields(with: []).isEmpty)
    }
}
