import Foundation

/// What a registration claims on the link: a service instance or the host name, and the records that go with it.
enum RegistrationSubject: Hashable, Sendable {
    /// A DNS-SD service instance whose SRV points at `host`.
    case service(ServiceIdentity, port: UInt16, txt: TXTRecord, host: DNSName)
    /// The host name `<label>.local.` with its addresses (4 or 16 bytes each).
    case host(label: String, addresses: [[UInt8]])

    static let servicesName = DNSName(uncheckedLabels: ["_services", "_dns-sd", "_udp", "local"])

    /// The unique name probed and defended.
    var uniqueName: DNSName {
        switch self {
        case .service(let identity, _, _, _): identity.fullName
        case .host(let label, _): DNSName(uncheckedLabels: [label, "local"])
        }
    }

    /// Unique records (cache-flush set) owned under ``uniqueName``.
    var uniqueRecords: [DNSResourceRecord] {
        let name = uniqueName
        switch self {
        case .service(_, let port, let txt, let host):
            return [
                DNSResourceRecord(
                    name: name, ttl: DNSResourceRecord.hostTTL, cacheFlush: true,
                    data: .srv(priority: 0, weight: 0, port: port, target: host)),
                DNSResourceRecord(
                    name: name, ttl: DNSResourceRecord.otherTTL, cacheFlush: true, data: .txt(txt.strings)),
                DNSResourceRecord(
                    name: name, ttl: DNSResourceRecord.hostTTL, cacheFlush: true,
                    data: .nsec(next: name, types: [.srv, .txt])),
            ]
        case .host(_, let addresses):
            var records = addresses.map { address in
                DNSResourceRecord(
                    name: name, ttl: DNSResourceRecord.hostTTL, cacheFlush: true,
                    data: address.count == 4 ? .a(address) : .aaaa(address))
            }
            var types: Set<DNSRecordType> = []
            if addresses.contains(where: { $0.count == 4 }) { types.insert(.a) }
            if addresses.contains(where: { $0.count == 16 }) { types.insert(.aaaa) }
            records.append(
                DNSResourceRecord(
                    name: name, ttl: DNSResourceRecord.hostTTL, cacheFlush: true, data: .nsec(next: name, types: types))
            )
            return records
        }
    }

    /// Shared records: the PTRs that make a service browsable. Hosts have none.
    var sharedRecords: [DNSResourceRecord] {
        guard case .service(let identity, _, _, _) = self else { return [] }
        return [
            DNSResourceRecord(
                name: identity.type.domainName, ttl: DNSResourceRecord.otherTTL, data: .ptr(identity.fullName)),
            DNSResourceRecord(
                name: Self.servicesName, ttl: DNSResourceRecord.otherTTL, data: .ptr(identity.type.domainName)),
        ]
    }

    /// Every record, for announcements and goodbyes.
    var allRecords: [DNSResourceRecord] { sharedRecords + uniqueRecords }

    /// The types whose conflicting data under ``uniqueName`` means someone else claims the name.
    var claimedTypes: Set<DNSRecordType> {
        switch self {
        case .service: [.srv, .txt]
        case .host: [.a, .aaaa]
        }
    }

    /// The subject under the next name after a conflict: `Name (2)`, `(3)`… for services, `host-2`… for hosts.
    func renamed() -> RegistrationSubject? {
        switch self {
        case .service(let identity, let port, let txt, let host):
            let (base, number) = Self.split(identity.name, open: " (", close: ")")
            let next = Self.fit(base, suffix: " (\(number + 1))")
            guard let renamed = try? identity.renamed(next) else { return nil }
            return .service(renamed, port: port, txt: txt, host: host)
        case .host(let label, let addresses):
            let (base, number) = Self.split(label, open: "-", close: "")
            return .host(label: Self.fit(base, suffix: "-\(number + 1)"), addresses: addresses)
        }
    }

    /// Splits `Name (7)` into `("Name", 7)`; a name without a number counts as 1.
    private static func split(_ name: String, open: String, close: String) -> (String, Int) {
        guard name.hasSuffix(close), let range = name.range(of: open, options: .backwards) else { return (name, 1) }
        let digits = name[range.upperBound..<name.index(name.endIndex, offsetBy: -close.count)]
        guard let number = Int(digits), number >= 2, digits.first != "0" else { return (name, 1) }
        return (String(name[..<range.lowerBound]), number)
    }

    /// `base + suffix`, cutting `base` at a character boundary so the label stays within 63 bytes.
    private static func fit(_ base: String, suffix: String) -> String {
        var base = base
        while base.utf8.count + suffix.utf8.count > DNSName.maximumLabelLength, base.isEmpty == false {
            base.removeLast()
        }
        return base + suffix
    }
}
