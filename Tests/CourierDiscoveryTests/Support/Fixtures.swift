@testable import CourierDiscovery

/// Datagrams shared by the codec tests and the fuzzer.
enum Fixtures {
    static let typeName = "0e5f6173736f636961746548656c70 045f746370 056c6f63616c 00"

    /// The spec's golden browse query for `_associateHelp._tcp.local.` PTR (QM).
    static let browseQuery = hexBytes("0000 0000 0001 0000 0000 0000" + typeName + "000c 0001")

    /// The spec's 62-byte announcement of `Kids Shoes`.
    static let kidsShoesAnnouncement = hexBytes(
        "0000 8400 0000 0001 0000 0000" + typeName + "000c 0001 00001194 000d 0a4b6964732053686f6573 c00c")

    static func instance() throws -> ServiceIdentity {
        try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
    }

    /// A full PTR reply with SRV, TXT, A, AAAA and NSEC additionals.
    static func fullResponse() throws -> DNSMessage {
        let identity = try instance()
        let host = try DNSName("shop.local.")
        return DNSMessage.response(
            answers: [
                DNSResourceRecord(name: identity.type.domainName, ttl: 4500, data: .ptr(identity.fullName))
            ],
            additionals: [
                DNSResourceRecord(
                    name: identity.fullName, ttl: 120, cacheFlush: true,
                    data: .srv(priority: 0, weight: 0, port: 8080, target: host)),
                DNSResourceRecord(
                    name: identity.fullName, ttl: 4500, cacheFlush: true,
                    data: .txt(TXTRecord(dictionaryLiteral: ("version", "1.0")).strings)),
                DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a([169, 254, 77, 1])),
                DNSResourceRecord(
                    name: host, ttl: 120, cacheFlush: true,
                    data: .aaaa([0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
                DNSResourceRecord(
                    name: identity.fullName, ttl: 120, cacheFlush: true,
                    data: .nsec(next: identity.fullName, types: [.srv, .txt])),
            ])
    }

    /// A probe: ANY question with proposed records in Authority.
    static func probe() throws -> DNSMessage {
        let identity = try instance()
        return DNSMessage(
            isResponse: false,
            questions: [DNSQuestion(name: identity.fullName, type: .any, unicastResponse: true)],
            authorities: [
                DNSResourceRecord(
                    name: identity.fullName, ttl: 120,
                    data: .srv(priority: 0, weight: 0, port: 8080, target: try DNSName("shop.local.")))
            ])
    }
}
