import Testing

@testable import Courier

@Suite("Content-Range")
struct ContentRangeTests {
    @Test(
        arguments: [
            ("bytes 0-99/1000", 0, 99, 1000),
            ("bytes 100-199/*", 100, 199, nil),
            ("BYTES 5-5/6", 5, 5, 6),
            ("bytes  7-8/9 ", 7, 8, 9),
        ] as [(String, Int64, Int64, Int64?)])
    func parsesByteRanges(value: String, first: Int64, last: Int64, length: Int64?) throws {
        let range = try #require(ContentRange(value))
        #expect(range.range == first...last)
        #expect(range.completeLength == length)
        #expect(range.count == last - first + 1)
    }

    @Test func parsesTheUnsatisfiedForm() throws {
        let range = try #require(ContentRange("bytes */1000"))
        #expect(range.range == nil)
        #expect(range.completeLength == 1000)
    }

    @Test(arguments: [
        "", "bytes", "bytes 1-2", "bytes 5-1/10", "bytes 0-10/10", "items 0-1/2", "bytes -1-2/3", "bytes */*",
        "bytes a-b/c", "bytes 0-1/2/3", "bytes 99999999999999999999-1/2",
    ])
    func refusesMalformedValues(value: String) {
        #expect(ContentRange(value) == nil)
    }
}
