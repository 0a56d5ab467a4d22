import Foundation
import Testing

@testable import Courier

@Suite("Cookie dates (RFC 6265 section 5.1.1)")
struct CookieDateTests {
    /// 1994-11-06 08:49:37 UTC, the RFC 9110 example date, in every shape servers send it.
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",  // RFC 1123
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850
        "Sun Nov  6 08:49:37 1994",  // asctime
        "Sun, 06-Nov-1994 08:49:37 GMT",  // Netscape
        "Sun, 6 Nov 94 8:49:37 GMT",
        "06 Nov 1994 08:49:37",
        "1994 Nov 6 08:49:37",
        "Sun, 06 NOV 1994 08:49:37 UTC",
        "Sunday November 6th 1994, 08:49:37 +0000",
        "\t06-Nov-1994 08:49:37 ",
    ])
    func legacyFormatsAllParse(_ text: String) throws {
        let date = try #require(CookieDate.parse(text))
        #expect(date.timeIntervalSince1970 == 784_111_777)
    }

    @Test func twoDigitYearsFollowTheRFCWindow() throws {
        // 70–99 are 19xx, 00–69 are 20xx.
        #expect(try #require(CookieDate.parse("Fri, 01-Jan-70 00:00:00 GMT")).timeIntervalSince1970 == 0)
        #expect(
            try #require(CookieDate.parse("Wed, 31-Dec-69 23:59:59 GMT")).timeIntervalSince1970 == 3_155_759_999)
        #expect(
            try #require(CookieDate.parse("Wed, 09 Jun 21 10:18:14 GMT")).timeIntervalSince1970 == 1_623_233_894)
    }

    @Test func extremesOfTheRange() throws {
        #expect(try #require(CookieDate.parse("01 Jan 1601 00:00:00")).timeIntervalSince1970 == -11_644_473_600)
        #expect(try #require(CookieDate.parse("31 Dec 9999 23:59:59")).timeIntervalSince1970 == 253_402_300_799)
        #expect(try #require(CookieDate.parse("29 Feb 2024 00:00:00")).timeIntervalSince1970 == 1_709_164_800)
    }

    @Test(arguments: [
        "",
        "garbage",
        "Sun, 06 Nov 1994",  // no time
        "Nov 1994 08:49:37",  // no day of month
        "06 1994 08:49:37",  // no month
        "06 Nov 08:49:37",  // no year
        "31 Feb 2021 08:00:00",  // no such day
        "29 Feb 2023 00:00:00",  // not a leap year
        "32 Nov 1994 08:49:37",
        "00 Nov 1994 08:49:37",
        "06 Nov 1600 08:49:37",  // before 1601
        "06 Nov 1994 24:00:00",
        "06 Nov 1994 08:60:00",
        "06 Nov 1994 08:49:60",
        "06 Nov 19945 08:49:37",  // five-digit year is no year
        "06 Nov 1994 108:49:37",  // three-digit hour is no time
    ])
    func invalidDatesAreRejected(_ text: String) {
        #expect(CookieDate.parse(text) == nil)
    }
}
