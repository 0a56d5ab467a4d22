/// A peer's identity in one session: a random 64-bit value, shown as 16 hex digits, new for every session.
public struct PeerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The value.
    public let rawValue: UInt64

    /// Wraps a value.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Parses 16 hex digits (the DNS-SD instance name); `nil` for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.rawValue = value
    }

    /// A fresh random ID.
    public static func random() -> PeerID {
        PeerID(rawValue: UInt64.random(in: 1...UInt64.max))
    }

    /// 16 lower-case hex digits.
    public var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Orders by value: the lower ID wins crossed invitations.
    public static func < (lhs: PeerID, rhs: PeerID) -> Bool { lhs.rawValue < rhs.rawValue }
}
