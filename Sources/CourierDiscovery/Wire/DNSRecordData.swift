/// The data of a resource record, decoded for the types mDNS and DNS-SD use and kept as bytes for the rest.
public enum DNSRecordData: Hashable, Sendable {
    /// An IPv4 address, four bytes in network order.
    case a([UInt8])
    /// An IPv6 address, sixteen bytes in network order.
    case aaaa([UInt8])
    /// A pointer to another name (service type to instance).
    case ptr(DNSName)
    /// Service location: priority, weight, port and target host.
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// Text strings, each at most 255 bytes.
    case txt([[UInt8]])
    /// Types that exist for the owner name; `next` is the owner itself in mDNS.
    case nsec(next: DNSName, types: Set<DNSRecordType>)
    /// Any other type, with its rdata as it arrived.
    case other(type: DNSRecordType, bytes: [UInt8])

    /// The record type this data belongs to.
    public var type: DNSRecordType {
        switch self {
        case .a: .a
        case .aaaa: .aaaa
        case .ptr: .ptr
        case .srv: .srv
        case .txt: .txt
        case .nsec: .nsec
        case .other(let type, _): type
        }
    }
}
