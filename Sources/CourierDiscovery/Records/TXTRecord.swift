/// A DNS-SD TXT record (RFC 6763 §6): ordered `key=value` attributes with case-insensitive keys, byte values and
/// boolean keys. It replaces `NSNetService`'s `dictionary(fromTXTRecord:)` / `data(fromTXTRecord:)`.
///
/// `key` alone means true, `key=` means an empty value, and the two are distinct. When a key repeats in received
/// data, the first occurrence wins.
///
/// ```swift
/// var txt: TXTRecord = ["version": "1.0"]
/// try txt.set("paper", to: "A4")
/// try txt.setFlag("color")
/// txt["VERSION"]  // "1.0"
/// let record = try TXTRecord(data: txt.data)
/// ```
public struct TXTRecord: Hashable, Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// Above this many bytes a TXT record may not fit one packet with its other records (RFC 6763 §6.2).
    public static let recommendedMaximumSize = 1300
    /// The most bytes Courier puts in a TXT record, so that it still fits a 9000-byte datagram.
    public static let maximumSize = 8900

    /// One attribute.
    public struct Entry: Hashable, Sendable {
        /// The key as given (compared case-insensitively).
        public var key: String
        /// The value bytes; `nil` for a boolean key present without `=`.
        public var value: [UInt8]?
    }

    /// The attributes in order.
    public private(set) var entries: [Entry] = []

    /// An empty record; on the wire it is one zero byte.
    public init() {}

    /// A record from string pairs, in order.
    ///
    /// Invalid keys are skipped, as they would be if received; use ``set(_:to:)-(String,String)`` to get an error.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements {
            try? set(key, to: value)
        }
    }

    /// Parses TXT rdata: length-prefixed strings. Empty strings, empty keys and keys starting with `=` are
    /// ignored; the first occurrence of a key wins.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` when a string runs past the end of `data`.
    public init(data: [UInt8]) throws(DiscoveryError) {
        var strings: [[UInt8]] = []
        var cursor = 0
        while cursor < data.count {
            let count = Int(data[cursor])
            guard cursor + 1 + count <= data.count else {
                throw DiscoveryError(.badArgument, "TXT string at byte \(cursor) runs past the end of the data")
            }
            strings.append(Array(data[(cursor + 1)..<(cursor + 1 + count)]))
            cursor += 1 + count
        }
        self.init(strings: strings)
    }

    /// Builds a record from the strings of a TXT resource record, with the same rules as ``init(data:)``.
    public init(strings: [[UInt8]]) {
        for string in strings where string.isEmpty == false {
            let separator = string.firstIndex(of: UInt8(ascii: "="))
            let keyBytes = string[..<(separator ?? string.endIndex)]
            guard keyBytes.isEmpty == false, keyBytes.allSatisfy(Self.isKeyByte) else { continue }
            let key = String(decoding: keyBytes, as: UTF8.self)
            guard contains(key) == false else { continue }
            let value = separator.map { Array(string[($0 + 1)...]) }
            entries.append(Entry(key: key, value: value))
        }
    }

    /// The rdata: each entry as a length-prefixed string, or a single zero byte when empty.
    public var data: [UInt8] {
        let strings = self.strings
        if strings.isEmpty { return [0] }
        var bytes: [UInt8] = []
        for string in strings {
            bytes.append(UInt8(string.count))
            bytes.append(contentsOf: string)
        }
        return bytes
    }

    /// The entries as TXT strings (`key=value` or `key`).
    public var strings: [[UInt8]] {
        entries.map { entry in
            var string = Array(entry.key.utf8)
            if let value = entry.value {
                string.append(UInt8(ascii: "="))
                string.append(contentsOf: value)
            }
            return string
        }
    }

    /// Whether the record is larger than the recommended 1300 bytes (it still works, but may need its own packet).
    public var exceedsRecommendedSize: Bool { data.count > Self.recommendedMaximumSize }

    /// Whether `key` is present, as a boolean or with a value.
    public func contains(_ key: String) -> Bool {
        entries.contains { DNSName.labelsEqual($0.key, key) }
    }

    /// The value bytes for `key`: `nil` when absent, `.some(nil)` for a boolean key.
    public func value(forKey key: String) -> [UInt8]?? {
        guard let entry = entries.first(where: { DNSName.labelsEqual($0.key, key) }) else { return nil }
        return .some(entry.value)
    }

    /// The value of `key` as UTF-8 text; `""` for a boolean key, `nil` when absent.
    public subscript(key: String) -> String? {
        guard let value = value(forKey: key) else { return nil }
        return value.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Sets `key` to a text value, replacing an existing entry in place.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` for an invalid key, a string over 255 bytes or a record over
    ///   8900 bytes.
    public mutating func set(_ key: String, to value: String) throws(DiscoveryError) {
        try set(key, to: Array(value.utf8))
    }

    /// Sets `key` to a byte value, replacing an existing entry in place.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` for an invalid key, a string over 255 bytes or a record over
    ///   8900 bytes.
    public mutating func set(_ key: String, to value: [UInt8]) throws(DiscoveryError) {
        try store(Entry(key: key, value: value))
    }

    /// Sets `key` as a boolean attribute (present, no `=`).
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` for an invalid key or a record over 8900 bytes.
    public mutating func setFlag(_ key: String) throws(DiscoveryError) {
        try store(Entry(key: key, value: nil))
    }

    /// Removes `key` if present.
    public mutating func remove(_ key: String) {
        entries.removeAll { DNSName.labelsEqual($0.key, key) }
    }

    /// The entries as `"key=value"` strings in quotes, the form `avahi-browse -p` prints.
    public var description: String {
        strings.map { "\"\(String(decoding: $0, as: UTF8.self))\"" }.joined(separator: " ")
    }

    private mutating func store(_ entry: Entry) throws(DiscoveryError) {
        let keyBytes = Array(entry.key.utf8)
        guard keyBytes.isEmpty == false else {
            throw DiscoveryError(.badArgument, "TXT key may not be empty")
        }
        guard keyBytes.allSatisfy(Self.isKeyByte) else {
            throw DiscoveryError(.badArgument, "TXT key \"\(entry.key)\" must be printable ASCII without '='")
        }
        let stringLength = keyBytes.count + (entry.value.map { $0.count + 1 } ?? 0)
        guard stringLength <= 255 else {
            throw DiscoveryError(
                .badArgument, "TXT string for key \"\(entry.key)\" has \(stringLength) bytes; limit 255")
        }
        var updated = self
        if let index = updated.entries.firstIndex(where: { DNSName.labelsEqual($0.key, entry.key) }) {
            updated.entries[index] = entry
        } else {
            updated.entries.append(entry)
        }
        let size = updated.data.count
        guard size <= Self.maximumSize else {
            throw DiscoveryError(.badArgument, "TXT record would have \(size) bytes; limit \(Self.maximumSize)")
        }
        self = updated
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "=")
    }
}
