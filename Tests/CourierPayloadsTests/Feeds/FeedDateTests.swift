import CourierPayloads
import Foundation
import Testing

@Suite struct FeedDateTests {
    /// 2026-11-22T12:00:00Z
    static let noon: TimeInterval = 1_795_348_800

    @Test(
        "RFC 822 dates as feeds write them",
        arguments: [
            ("Sun, 22 Nov 2026 12:00:00 GMT", noon),
            ("22 Nov 2026 12:00:00 GMT", noon),
            ("Sunday, 22 Nov 2026 12:00:00 GMT", noon),
            ("Sun, 22 Nov 26 12:00:00 GMT", noon),
            ("Sun, 22 Nov 2026 12:00 GMT", noon),
            ("Sun, 22 Nov 2026 12:00:00 +0000", noon),
            ("Sun, 22 Nov 2026 13:00:00 +0100", noon),
            ("Sun, 22 Nov 2026 07:00:00 EST", noon),
            ("Sun, 22 Nov 2026 04:00:00 PST", noon),
            ("Sun, 22 Nov 2026 05:00:00 PDT", noon),
            ("Sun, 22 Nov 2026 14:00:00 CEST", noon),
            ("Sun, 22 Nov 2026 12:00:00 UT", noon),
            ("Sun, 22 Nov 2026 12:00:00 Z", noon),
            ("Sun, 22 Nov 2026 12:00:00", noon),
            ("Sun,22 Nov 2026 12:00:00 GMT", noon),
            ("sun, 22 nov 2026 12:00:00 gmt", noon),
            ("22 November 2026 12:00:00 GMT", noon),
            ("Nov 22 2026 12:00:00 GMT", noon),
            ("22-Nov-26 12:00:00 GMT", noon),
            ("Sun, 22 Nov 2026 06:30:00 -05:30", noon),
            ("Tue, 10 Jun 03 04:00:00 GMT", 1_055_217_600),
            ("Tue, 05 Jan 99 09:30:00 +0000", 915_528_600),
            ("Mon, 29 Feb 2016 00:00:00 GMT", 1_456_704_000),
        ])
    func rfc822(_ text: String, _ expected: TimeInterval) {
        #expect(FeedDate.parse(text)?.timeIntervalSince1970 == expected, "\(text)")
    }

    @Test(
        "RFC 3339 dates",
        arguments: [
            ("2026-11-22T12:00:00Z", noon),
            ("2026-11-22t12:00:00z", noon),
            ("2026-11-22T13:00:00+01:00", noon),
            ("2026-11-22T07:00:00-05:00", noon),
            ("2026-11-22 12:00:00Z", noon),
            ("2026-11-22T12:00:00.250Z", noon + 0.25),
            ("2026-11-22T12:00Z", noon),
            ("2026-11-22T12:00:00", noon),
            ("2026-11-22", noon - 12 * 3600),
            ("2026-02-28T23:59:59Z", 1_772_323_199),
        ])
    func rfc3339(_ text: String, _ expected: TimeInterval) {
        #expect(FeedDate.parse(text)?.timeIntervalSince1970 == expected, "\(text)")
    }

    @Test(
        "Not dates",
        arguments: [
            "", "yesterday", "Sun, 31 Nov 2026 12:00:00 GMT", "Sun, 29 Feb 2026 12:00:00 GMT", "2026-13-01T00:00:00Z",
            "2026-11-22T25:00:00Z", "Sun, 22 Foo 2026 12:00:00 GMT", "Sun, 22 Nov 2026 12:00:00 +99", "22 Nov",
            "2026-11-22T12:00:00+0x:00",
        ])
    func notDates(_ text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }
}
