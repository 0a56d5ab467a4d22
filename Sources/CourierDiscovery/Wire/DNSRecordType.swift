/// A DNS resource record type (RFC 1035 §3.2.2 and later RFCs), as a raw value with names for the types mDNS uses.
public struct DNSRecordType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The 16-bit type code.
    public var rawValue: UInt16

    /// Creates a type from its code.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// IPv4 address.
    public static let a = DNSRecordType(rawValue: 1)
    /// Domain name pointer: a service type to its instances.
    public static let ptr = DNSRecordType(rawValue: 12)
    /// Text strings: a service's key/value attributes.
    public static let txt = DNSRecordType(rawValue: 16)
    /// IPv6 address.
    public static let aaaa = DNSRecordType(rawValue: 28)
    /// Service location: target host and port.
    public static let srv = DNSRecordType(rawValue: 33)
    /// Negative answer listing the types that exist for a name (RFC 6762 §6.1).
    public static let nsec = DNSRecordType(rawValue: 47)
    /// Every type (queries and probes only).
    public static let any = DNSRecordType(rawValue: 255)

    /// The mnemonic (`PTR`, `SRV`, …) or `TYPE<n>`.
    public var description: String {
        switch rawValue {
        case 1: "A"
        case 12: "PTR"
        case 16: "TXT"
        case 28: "AAAA"
        case 33: "SRV"
        case 47: "NSEC"
        case 255: "ANY"
        default: "TYPE\(rawValue)"
        }
    }
}
