/// A resource record: owner name, class, cache-flush bit, TTL and typed data.
public struct DNSResourceRecord: Hashable, Sendable {
    /// TTL for records about a host (SRV, A, AAAA, host NSEC), RFC 6762 §10.
    public static let hostTTL: UInt32 = 120
    /// TTL for other records (PTR, TXT), RFC 6762 §10.
    public static let otherTTL: UInt32 = 4500

    /// The owner name.
    public var name: DNSName
    /// The class with the top bit cleared; 1 (IN) in mDNS.
    public var recordClass: UInt16
    /// The cache-flush bit: set on unique records this host owns (RFC 6762 §10.2).
    public var cacheFlush: Bool
    /// Time to live in seconds; 0 is a goodbye. Values with the top bit set decode as 0 (RFC 2181 §8).
    public var ttl: UInt32
    /// The typed data.
    public var data: DNSRecordData

    /// Creates a record of class IN.
    public init(name: DNSName, ttl: UInt32, cacheFlush: Bool = false, recordClass: UInt16 = 1, data: DNSRecordData) {
        self.name = name
        self.recordClass = recordClass
        self.cacheFlush = cacheFlush
        self.ttl = ttl
        self.data = data
    }

    /// The record type, taken from the data.
    public var type: DNSRecordType { data.type }

    /// Whether two records are the same record regardless of TTL and cache-flush bit (RFC 6762 §7.1 "same
    /// rdata"): same name, type, class and data, names compared case-insensitively.
    public func isSameRecord(as other: DNSResourceRecord) -> Bool {
        name == other.name && recordClass == other.recordClass && data == other.data
    }
}
