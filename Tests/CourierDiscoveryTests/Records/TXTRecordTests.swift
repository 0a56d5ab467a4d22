import Testing

@testable import CourierDiscovery

@Suite struct TXTRecordTests {
    @Test func flagEmptyAndValueAreDistinct() throws {
        let record = try TXTRecord(
            data: [4] + Array("flag".utf8) + [6] + Array("empty=".utf8) + [5] + Array("k=v12".utf8))
        #expect(record.value(forKey: "flag") == .some(nil))
        #expect(record.value(forKey: "empty") == .some([]))
        #expect(record["k"] == "v12")
        #expect(record.value(forKey: "missing") == nil)
        #expect(record.contains("FLAG"))
    }

    @Test func keysAreCaseInsensitiveAndFirstOccurrenceWins() throws {
        let record = try TXTRecord(data: [3] + Array("a=1".utf8) + [3] + Array("A=2".utf8))
        #expect(record.entries.count == 1)
        #expect(record["a"] == "1")
    }

    @Test func emptyKeysAndEqualsFirstAreIgnored() throws {
        let record = try TXTRecord(data: [2] + Array("=x".utf8) + [1] + Array("=".utf8) + [0] + [3] + Array("b=2".utf8))
        #expect(record.entries.map(\.key) == ["b"])
    }

    @Test func emptyRecordIsOneZeroByte() throws {
        #expect(TXTRecord().data == [0])
        #expect(try TXTRecord(data: [0]).entries.isEmpty)
    }

    @Test func orderIsKeptAndSetReplacesInPlace() throws {
        var record: TXTRecord = ["version": "1.0", "paper": "A4"]
        try record.set("VERSION", to: "2.0")
        #expect(record.entries.map(\.key) == ["VERSION", "paper"])
        #expect(record.description == "\"VERSION=2.0\" \"paper=A4\"")
        record.remove("paper")
        #expect(record.entries.count == 1)
    }

    @Test func dataRoundTrips() throws {
        var record = TXTRecord()
        try record.set("name", to: "Café")
        try record.setFlag("color")
        try record.set("blob", to: [0, 1, 2, 255])
        #expect(try TXTRecord(data: record.data) == record)
    }

    @Test(arguments: ["", "a=b", "tab\t", "naïve"])
    func invalidKeysThrowBadArgument(key: String) {
        var record = TXTRecord()
        #expect(throws: DiscoveryError.self) { try record.set(key, to: "x") }
    }

    @Test func stringOver255BytesThrows() {
        var record = TXTRecord()
        #expect(throws: DiscoveryError(.badArgument, "TXT string for key \"k\" has 257 bytes; limit 255")) {
            try record.set("k", to: String(repeating: "v", count: 255))
        }
    }

    @Test func recordAbove8900BytesIsRefusedAndAbove1300Flagged() throws {
        var record = TXTRecord()
        for index in 0..<6 {
            try record.set("k\(index)", to: String(repeating: "v", count: 250))
        }
        #expect(record.exceedsRecommendedSize)
        for index in 6..<34 {
            try record.set("k\(index)", to: String(repeating: "v", count: 250))
        }
        #expect(throws: DiscoveryError.self) { try record.set("last", to: String(repeating: "v", count: 250)) }
    }

    @Test func overrunningStringThrows() {
        #expect(throws: DiscoveryError.self) { try TXTRecord(data: [5, 1, 2]) }
    }
}
