import Testing

@testable import CourierDiscovery

/// Real peers' datagrams decode, re-encode and decode to the same message.
@Suite struct CapturedDatagramTests {
    @Test(arguments: CapturedDatagrams.all.map(\.0))
    func capturedDatagramRoundTrips(name: String) throws {
        let bytes = try #require(CapturedDatagrams.all.first { $0.0 == name }?.1)
        let message = try DNSMessage(decoding: bytes)
        #expect(message.allRecords.isEmpty == false || message.questions.isEmpty == false)
        #expect(try DNSMessage(decoding: try message.encoded()) == message)
    }

    @Test func avahiAnnouncementCarriesCacheFlushTXT() throws {
        let message = try DNSMessage(decoding: CapturedDatagrams.avahi1)
        #expect(message.isResponse && message.isAuthoritative)
        let txt = try #require(message.answers.first { $0.type == .txt })
        #expect(txt.cacheFlush)
        #expect(txt.ttl == 4500)
        guard case .txt(let strings) = txt.data else { return }
        #expect(TXTRecord(strings: strings)["version"] == "1.0")
        #expect(message.answers.contains { $0.type == .ptr && $0.cacheFlush == false })
    }

    @Test func zeroconfInstanceWithADotArrivesAsTwoLabelsAndIsJoined() throws {
        let responses = try CapturedDatagrams.all.filter { $0.0.hasPrefix("zeroconf") }.map {
            try DNSMessage(decoding: $0.1)
        }
        let type = try ServiceType("_associateHelp._tcp")
        let pointers = responses.flatMap(\.allRecords).compactMap { record -> DNSName? in
            if case .ptr(let target) = record.data, record.name == type.domainName { return target }
            return nil
        }
        let target = try #require(pointers.first)
        #expect(target.labels.prefix(2) == ["Dept", " 5"])
        #expect(ServiceIdentity(fullName: target, type: type)?.name == "Dept. 5")
    }

    @Test func zeroconfGoodbyeHasTTLZero() throws {
        let goodbyes = try CapturedDatagrams.all.filter { $0.0.hasPrefix("zeroconf") }.map {
            try DNSMessage(decoding: $0.1)
        }.filter { message in message.answers.contains { $0.type == .ptr && $0.ttl == 0 } }
        #expect(goodbyes.isEmpty == false)
    }
}
