import Testing

@testable import CourierDiscovery

@Suite struct DNSMessageTests {
    @Test func browseQueryMatchesGoldenBytes() throws {
        let name = try DNSName("_associateHelp._tcp.local.")
        let query = DNSMessage.query([DNSQuestion(name: name, type: .ptr)])
        #expect(try query.encoded() == Fixtures.browseQuery)
    }

    @Test func unicastBrowseQuerySetsTopBitOfClass() throws {
        let name = try DNSName("_associateHelp._tcp.local.")
        let query = DNSMessage.query([DNSQuestion(name: name, type: .ptr, unicastResponse: true)])
        let bytes = try query.encoded()
        #expect(Array(bytes.suffix(4)) == [0x00, 0x0C, 0x80, 0x01])
        let decoded = try DNSMessage(decoding: bytes)
        #expect(decoded.questions.first?.unicastResponse == true)
        #expect(decoded.questions.first?.recordClass == 1)
    }

    @Test func kidsShoesAnnouncementMatchesGoldenBytes() throws {
        let identity = try Fixtures.instance()
        let announcement = DNSMessage.response(answers: [
            DNSResourceRecord(name: identity.type.domainName, ttl: 4500, data: .ptr(identity.fullName))
        ])
        let bytes = try announcement.encoded()
        #expect(bytes.count == 62)
        #expect(bytes == Fixtures.kidsShoesAnnouncement)
    }

    @Test func kidsShoesAnnouncementDecodes() throws {
        let message = try DNSMessage(decoding: Fixtures.kidsShoesAnnouncement)
        #expect(message.isResponse && message.isAuthoritative && !message.isTruncated)
        #expect(message.questions.isEmpty)
        let record = try #require(message.answers.first)
        #expect(record.ttl == 4500)
        #expect(record.cacheFlush == false)
        #expect(record.data == .ptr(try Fixtures.instance().fullName))
    }

    @Test func fullResponseRoundTrips() throws {
        let message = try Fixtures.fullResponse()
        let bytes = try message.encoded()
        let decoded = try DNSMessage(decoding: bytes)
        #expect(decoded == message)
        #expect(decoded.additionals.map(\.cacheFlush) == [true, true, true, true, true])
    }

    @Test func compressionPointsBackToEarlierSuffixes() throws {
        let bytes = try Fixtures.fullResponse().encoded()
        // The SRV owner is the PTR's target, first written at offset 12 + 27 (type name) + 10 (PTR header) = 49.
        var pointers: [Int] = []
        for index in 0..<(bytes.count - 1) where bytes[index] == 0xC0 {
            pointers.append(Int(bytes[index + 1]))
        }
        #expect(pointers.contains(12))
        #expect(pointers.contains(49))
        let uncompressedSize =
            12
            + (try Fixtures.fullResponse()).allRecords.reduce(0) {
                $0 + $1.name.wireLength + 10 + DNSMessageEncoder.canonicalBytes(of: $1.data).count
            }
        #expect(bytes.count < uncompressedSize)
    }

    @Test func nameComparisonIgnoresASCIICase() throws {
        let lower = try DNSName("kids shoes._associatehelp._tcp.local.")
        let mixed = try DNSName("Kids Shoes._associateHelp._TCP.local")
        #expect(lower == mixed)
        #expect(lower.hashValue == mixed.hashValue)
        #expect(try DNSName("Café.local.") != DNSName("CAFÉ.local."))
    }

    @Test func nameTextFormEscapesDotsAndBackslashes() throws {
        let name = try DNSName(labels: ["Dept. 4 \\ Café", "_x", "_tcp", "local"])
        #expect(name.description == "Dept\\. 4 \\\\ Café._x._tcp.local.")
        #expect(try DNSName(name.description) == name)
        #expect(try DNSName("a\\032b.local").labels == ["a b", "local"])
    }

    @Test(arguments: [
        (String(repeating: "a", count: 64) + ".local", "64 bytes"),
        ("a..b", "empty label"),
        ("a\\", "lone backslash"),
    ])
    func invalidNamesAreRejected(text: String, rule: String) {
        #expect(throws: DiscoveryError.self) { try DNSName(text) }
    }

    @Test func nameOver255BytesIsRejected() {
        let labels = Array(repeating: String(repeating: "x", count: 60), count: 5)
        #expect(throws: DiscoveryError.self) { try DNSName(labels: labels) }
    }

    @Test func nsecBitmapUsesWindowZero() throws {
        let name = try DNSName("shop.local.")
        let record = DNSResourceRecord(name: name, ttl: 120, data: .nsec(next: name, types: [.a, .aaaa]))
        let rdata = DNSMessageEncoder.canonicalBytes(of: record.data)
        // next name (12 bytes) + window 0, 4 bytes: A is bit 1, AAAA (28) is bit 28.
        #expect(Array(rdata.suffix(6)) == [0x00, 0x04, 0x40, 0x00, 0x00, 0x08])
    }

    @Test func legacyReplyEchoesIDOnTheWire() throws {
        let message = DNSMessage(id: 0xBEEF, isResponse: true, isAuthoritative: true, answers: [])
        let bytes = try message.encoded()
        #expect(Array(bytes.prefix(4)) == [0xBE, 0xEF, 0x84, 0x00])
    }
}
