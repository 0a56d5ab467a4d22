/// One entry of a message's question section.
public struct DNSQuestion: Hashable, Sendable {
    /// The name asked about.
    public var name: DNSName
    /// The type asked for (`.any` in probes).
    public var type: DNSRecordType
    /// The class with the top bit cleared; 1 (IN) in mDNS.
    public var recordClass: UInt16
    /// The QU bit: the asker would like a unicast reply (RFC 6762 §5.4).
    public var unicastResponse: Bool

    /// Creates a question; the class defaults to IN and the reply to multicast (QM).
    public init(name: DNSName, type: DNSRecordType, recordClass: UInt16 = 1, unicastResponse: Bool = false) {
        self.name = name
        self.type = type
        self.recordClass = recordClass
        self.unicastResponse = unicastResponse
    }

    /// Whether `record` answers this question (same name and class; same type unless the question is ANY).
    public func isAnswered(by record: DNSResourceRecord) -> Bool {
        (type == .any || type == record.type) && recordClass == record.recordClass && name == record.name
    }
}
