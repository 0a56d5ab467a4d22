/// The book's packet framing (Listing 12-2): a 4-byte big-endian packet type before the body, the type mapped to
/// the caller's enum.
///
/// ```swift
/// enum AuctionPacket: UInt32 { case start = 0, end, status, bid }
/// let bytes = PacketCodec<AuctionPacket>.encode(.bid, body: Array("12".utf8))
/// let packet = try PacketCodec<AuctionPacket>.decode(bytes)   // (.bid, "12")
/// ```
public enum PacketCodec<PacketType: RawRepresentable & Sendable> where PacketType.RawValue == UInt32 {
    /// A decoded packet.
    public struct Packet: Sendable {
        /// The packet type.
        public var type: PacketType
        /// The bytes after the type.
        public var body: [UInt8]

        /// Creates a packet.
        public init(type: PacketType, body: [UInt8]) {
            self.type = type
            self.body = body
        }
    }

    /// The type as 4 big-endian bytes, then the body.
    public static func encode(_ type: PacketType, body: some Sequence<UInt8>) -> [UInt8] {
        let raw = type.rawValue
        var bytes: [UInt8] = [UInt8(raw >> 24), UInt8((raw >> 16) & 0xFF), UInt8((raw >> 8) & 0xFF), UInt8(raw & 0xFF)]
        bytes.append(contentsOf: body)
        return bytes
    }

    /// Splits a packet into its type and body.
    ///
    /// - Returns: `nil` for fewer than 4 bytes: the book ignores such data.
    /// - Throws: ``PeersError`` `unknownKind` when the type is not one of the caller's cases.
    public static func decode(_ bytes: some Collection<UInt8>) throws(PeersError) -> Packet? {
        guard bytes.count >= 4 else { return nil }
        let raw = bytes.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let type = PacketType(rawValue: raw) else {
            throw PeersError(.unknownKind, "packet type \(raw) is not one this application knows")
        }
        return Packet(type: type, body: Array(bytes.dropFirst(4)))
    }
}
