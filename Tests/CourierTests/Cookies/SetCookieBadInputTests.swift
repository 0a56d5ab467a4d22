import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import Courier

/// SplitMix64: a small deterministic generator, so the fuzz cases are the same on every run.

@Suite("Set-Cookie bad input")
struct SetCookieBadInputTests {
    static let source = cookieURL("https://www.example.com/app/page")

    /// Checks what must hold for any cookie that comes out of a Set-Cookie value, whatever went in.
    func expectWellFormed(_ cookie: Cookie, from header: String) throws {
        #expect(cookie.name.utf8.count + cookie.value.utf8.count <= 4096, "\(header.debugDescription)")
        #expect(!CookieRules.containsForbiddenControl(cookie.name + cookie.value), "\(header.debugDescription)")
        #expect(!cookie.name.contains(";") && !cookie.value.contains(";"))
        #expect(!cookie.name.contains("="))
        #expect(cookie.path.hasPrefix("/"))
        #expect(!(cookie.name.isEmpty && cookie.value.isEmpty))
        #expect(CookieRules.domainMatches(host: "www.example.com", domain: cookie.matchDomain))
        // It survives a round trip through the jar's file format.
        let decoded = try CookieFile.decode(try CookieFile.encode([cookie]), file: Self.source)
        #expect(decoded == [cookie], "\(header.debugDescription)")
    }

    @Test(arguments: [
        ("", false),
        (";", false),
        ("=", false),
        (";;;;;;", false),
        ("\u{0}", false),
        ("a=b\u{0}", false),
        ("a=b; Expires=", true),
        ("a=b; Expires=Sun, 06 No", true),
        ("a=b; Expi", true),
        ("a=b; Max-Age=", true),
        ("a=b; Max-Age=--1", true),
        ("a=b; Max-Age=1e10", true),
        ("a=b; Domain=", true),
        ("a=b; Domain=.", true),  // the attribute is empty once the dot goes: host-only (section 5.3 step 4)
        ("a=b; Domain=..", false),
        ("a=b; Domain=...example.com", false),
        ("a=b; Domain=example.com.", false),
        ("a=b; Domain=www.example.com:443", false),
        ("a=b; Path", true),
        ("a=b; Path=;Path=", true),
        ("a=b;;;; ; ;Secure", true),
        ("a=b; =; ==; =x", true),
        ("a=\"unterminated", true),
        ("a=b; SameSite", true),
        ("a=b; Version=abc", true),
        ("a=b; CommentURL=::not a url::", true),
        ("\u{FEFF}a=b", true),
        ("ä=ö; Path=/ü", true),
        ("a=b; Domain=ex\u{0}ample.com", false),
    ])
    func malformedAndTruncatedValues(header: String, makesACookie: Bool) throws {
        let cookie = parseSetCookie(header, from: Self.source.absoluteString)
        #expect((cookie != nil) == makesACookie, "\(header.debugDescription)")
        if let cookie { try expectWellFormed(cookie, from: header) }
    }

    @Test(.ownThread) func oversizedValuesAreIgnoredQuickly() throws {
        let megabyte = String(repeating: "x", count: 1 << 20)
        #expect(parseSetCookie("a=" + megabyte) == nil)
        #expect(parseSetCookie(megabyte) == nil)
        #expect(parseSetCookie(megabyte + "=b") == nil)
        // Huge attributes are skipped one by one; the cookie itself stays.
        let manyAttributes =
            "a=b"
            + String(repeating: "; Path=/x; Max-Age=1; Unknown=" + String(repeating: "z", count: 2000), count: 500)
        let cookie = try #require(parseSetCookie(manyAttributes))
        #expect(cookie.path == "/x")
        #expect(parseSetCookie("a=b; Expires=" + String(repeating: "9", count: 100_000)) != nil)
        #expect(parseSetCookie("a=b; Max-Age=" + String(repeating: "9", count: 1000))?.isSessionOnly == false)
        #expect(parseSetCookie("a=b" + String(repeating: ";", count: 1 << 16))?.value == "b")
    }

    @Test(.ownThread) func aFixedSeedFuzzRunNeverCrashesAndYieldsOnlyWellFormedCookies() throws {
        var random = SeededGenerator(state: 0x00C0_FFEE)
        let fragments = [
            "a", "b", "=", ";", " ", "\t", "\"", ",", "Path", "path=/", "Domain", "domain=", "example.com",
            ".example.com", "www.example.com", "com", "co.uk", "Expires=", "Sun, 06 Nov 1994 08:49:37 GMT",
            "Max-Age=", "-1", "0", "99999999999999999999", "Secure", "HttpOnly", "SameSite=", "Lax", "__Host-",
            "__Secure-", "/", "..", "\u{0}", "\u{1}", "\r", "\n", "\u{7F}", "é", "🍪", "%3B", "xn--", ":",
        ]
        let jar = CookieStorage(now: { cookieTestNow })
        var made = 0
        // Sized to take about a second in a debug build (on its own thread: see `.ownThread`).
        for _ in 0..<1500 {
            var header = ""
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    header.unicodeScalars.append(
                        Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
                } else {
                    header += fragments.randomElement(using: &random) ?? ""
                }
            }
            if let cookie = parseSetCookie(header, from: Self.source.absoluteString) {
                made += 1
                try expectWellFormed(cookie, from: header)
            }
            var fields = HTTPFields()
            fields.append(HTTPField(name: .setCookie, value: header))
            jar.storeCookies(from: fields, for: Self.source, mainDocumentURL: nil, policy: .always)
            _ = jar.cookieHeader(for: Self.source)
        }
        // The generator makes plenty of valid cookies too, so the checks above did run.
        #expect(made > 150, "\(made)")
        for cookie in jar.cookies { try expectWellFormed(cookie, from: "(stored)") }
    }

    @Test(.ownThread) func randomBytesAsDatesNeverCrash() {
        var random = SeededGenerator(state: 42)
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                UInt8.random(in: 0...0xFF, using: &random)
            }
            if let date = CookieDate.parse(String(decoding: bytes, as: UTF8.self)) {
                #expect(date.timeIntervalSince1970 >= -11_644_473_600)
                #expect(date.timeIntervalSince1970 <= 253_402_300_799)
            }
        }
    }
}
