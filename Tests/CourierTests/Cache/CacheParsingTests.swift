import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite("Cache header parsing")
struct CacheParsingTests {
    // MARK: HTTP dates

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ("Sun Nov 6 08:49:37 1994", 784_111_777),
        ("sun, 06 nov 1994 08:49:37 gmt", 784_111_777),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Tue, 29 Feb 2000 23:59:59 GMT", 951_868_799),
        ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
    ])
    func parsesTheThreeFormats(text: String, seconds: Double) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "", "0", "-1", "now", "Sun, 06 Nov 1994", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 1994 08:49:37 GMT trailing",
        "Sun, 06 Nov 19945 08:49:37 GMT", "Mon, 29 Feb 1900 00:00:00 GMT", "Sun, 06 Nov 0000 08:49:37 GMT",
        "Sun, 06 Nov 1994 8:49", "99999999999999999999",
    ])
    func refusesGarbageDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func twoDigitYearsFollowTheFiftyYearRule() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023
        #expect(
            HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now).map(HTTPDate.format)
                == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(
            HTTPDate.parse("Monday, 06-Nov-50 08:49:37 GMT", now: now).map(HTTPDate.format)
                == "Sun, 06 Nov 2050 08:49:37 GMT")
    }

    @Test func formatRoundTripsOverFiveHundredRandomDates() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        for _ in 0..<500 {
            let seconds = Double(Int64.random(in: -2_000_000_000...200_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            let text = HTTPDate.format(date)
            #expect(HTTPDate.parse(text) == date, "\(text)")
        }
    }

    @Test(.ownThread) func theFixdateFastPathAgreesWithTheScanner() {
        var generator = SeededGenerator(seed: 0xDA7E)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let replacements = Array("0123456789:, -GMTgmtNovnov\tX".utf8)
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -2_000_000_000...200_000_000_000, using: &generator))
            var bytes = Array(HTTPDate.format(Date(timeIntervalSince1970: seconds)).utf8)
            // Half of them with one byte changed: the fast path must refuse what the scanner refuses,
            // and read the same date from what both accept.
            if Bool.random(using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] = replacements[Int.random(in: 0..<replacements.count, using: &generator)]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(HTTPDate.parse(text, now: now) == HTTPDate.parseScanning(text, now: now), "\(text)")
        }
        #expect(HTTPDate.parse("sun, 06 NOV 1994 08:49:37 GMT")?.timeIntervalSince1970 == 784_111_777)
        #expect(HTTPDate.parse("Sun, 31 Nov 1994 08:49:37 GMT") == nil)
    }

    @Test(.ownThread) func randomBytesNeverCrashTheDateParser() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("SunMonNovGMT ,:-0123456789\t\"x/;=".unicodeScalars)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &generator)
            var text = ""
            for _ in 0..<length {
                text.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            if let date = HTTPDate.parse(text) {
                #expect(date.timeIntervalSince1970.isFinite)
            }
        }
    }

    // MARK: Cache-Control

    @Test func parsesDirectives() {
        let control = CacheControl(
            parsing:
                "public, Max-Age=60, no-cache=\"Set-Cookie, X\", stale-while-revalidate=30, stale-if-error=\"90\", max-stale, immutable"
        )
        #expect(control.isPublic)
        #expect(control.maxAge == 60)
        #expect(control.noCache)
        #expect(control.staleWhileRevalidate == 30)
        #expect(control.staleIfError == 90)
        #expect(control.maxStale == Int.max)
        #expect(control.immutable)
        #expect(!control.noStore)
    }

    @Test(arguments: [
        ("max-age=-5", 0), ("max-age=", 0), ("max-age=1e3", 0), ("max-age=99999999999999999999", 2_147_483_648),
        ("max-age=007", 7), ("max-age = 12", 12), ("max-age=\"15\"", 15),
    ])
    func deltaSecondsAreClampedOrRefused(value: String, maxAge: Int) {
        #expect(CacheControl(parsing: value).maxAge == maxAge)
    }

    @Test func randomInputNeverCrashesAndRoundTripsKnownDirectives() {
        var generator = SeededGenerator(seed: 7)
        let pieces = [
            "max-age", "no-store", "no-cache", "private", "public", "must-revalidate", "s-maxage", "stale-if-error",
            "=", ",", "\"", "\\", " ", "60", "-1", "abc", "99999999999999999999", ";", "\t",
        ]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            let control = CacheControl(parsing: text)
            for value in [control.maxAge, control.sharedMaxAge, control.staleIfError, control.minFresh] {
                if let value { #expect(value >= 0 && value <= CacheControl.maximumDeltaSeconds) }
            }
        }
        // Well-formed lists parse to what they say, whatever their order.
        for _ in 0..<300 {
            let maxAge = Int.random(in: 0...1_000_000, using: &generator)
            var parts = ["max-age=\(maxAge)", "no-store", "private"]
            parts.shuffle(using: &generator)
            let control = CacheControl(parsing: parts.joined(separator: ", "))
            #expect(control.maxAge == maxAge)
            #expect(control.noStore && control.isPrivate)
        }
    }
}
