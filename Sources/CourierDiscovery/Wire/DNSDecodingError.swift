/// Why a datagram was dropped by the decoder. Nothing of a dropped datagram is acted on.
public enum DNSDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than 12 bytes or more than 9000.
    case badLength(Int)
    /// OPCODE or RCODE is not 0.
    case unsupportedOpcodeOrRcode(flags: UInt16)
    /// A count or length points past the end of the data.
    case truncated(offset: Int)
    /// A label length byte in the reserved range `40`–`BF`.
    case badLabelType(offset: Int, byte: UInt8)
    /// A compression pointer that does not point strictly backwards.
    case badPointer(offset: Int, target: Int)
    /// A name with more than 128 labels or 255 bytes.
    case nameTooLong(offset: Int)
    /// An A record whose rdata is not 4 bytes, or an AAAA record whose rdata is not 16.
    case badAddressLength(type: DNSRecordType, length: Int)
    /// Record data whose contents disagree with its rdlength.
    case badRecordData(type: DNSRecordType, offset: Int)

    /// A sentence describing the rule broken.
    public var description: String {
        switch self {
        case .badLength(let length): "datagram has \(length) bytes; accepted 12…9000"
        case .unsupportedOpcodeOrRcode(let flags): "OPCODE or RCODE not 0 (flags \(flags))"
        case .truncated(let offset): "data ends early at offset \(offset)"
        case .badLabelType(let offset, let byte): "reserved label type \(byte) at offset \(offset)"
        case .badPointer(let offset, let target): "pointer at \(offset) to \(target) is not strictly backwards"
        case .nameTooLong(let offset): "name at offset \(offset) exceeds 128 labels or 255 bytes"
        case .badAddressLength(let type, let length): "\(type) record with \(length) bytes of address"
        case .badRecordData(let type, let offset): "\(type) record data malformed at offset \(offset)"
        }
    }
}
