/// A domain name as a sequence of labels, compared ASCII-case-insensitively as DNS requires.
///
/// Labels are kept as Unicode strings: an mDNS instance name is one label that may hold spaces, dots and
/// non-ASCII characters (RFC 6763 §4.3). The text form escapes a literal dot as `\.` and a backslash as `\\`.
///
/// ```swift
/// let name = try DNSName("_associateHelp._tcp.local.")
/// name.labels  // ["_associateHelp", "_tcp", "local"]
/// ```
public struct DNSName: Sendable, CustomStringConvertible {
    /// The most bytes a name may take on the wire, length bytes and final zero included (RFC 1035 §2.3.4).
    public static let maximumWireLength = 255
    /// The most bytes one label may hold.
    public static let maximumLabelLength = 63
    /// The most labels a decoded name may have; a bound that keeps hostile input cheap.
    public static let maximumLabelCount = 128

    /// The labels, most specific first, without the empty root label.
    public let labels: [String]

    /// The root name (no labels).
    public static let root = DNSName(uncheckedLabels: [])

    /// Creates a name from labels, checking the DNS length rules.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` when a label is empty or longer than 63 bytes, or the whole
    ///   name is longer than 255 bytes on the wire.
    public init(labels: [String]) throws(DiscoveryError) {
        var wireLength = 1
        for label in labels {
            let count = label.utf8.count
            if count == 0 {
                throw DiscoveryError(.badArgument, "a DNS label may not be empty")
            }
            if count > Self.maximumLabelLength {
                throw DiscoveryError(
                    .badArgument, "DNS label has \(count) bytes; limit \(Self.maximumLabelLength)")
            }
            wireLength += count + 1
        }
        if wireLength > Self.maximumWireLength {
            throw DiscoveryError(
                .badArgument, "DNS name has \(wireLength) bytes on the wire; limit \(Self.maximumWireLength)")
        }
        self.labels = labels
    }

    /// Parses the text form: labels separated by dots, `\.` for a literal dot, `\\` for a backslash, and
    /// `\DDD` for a decimal byte. A trailing dot is optional.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` on a dangling escape or when the length rules fail.
    public init(_ text: String) throws(DiscoveryError) {
        var labels: [String] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else {
                    throw DiscoveryError(.badArgument, "DNS name ends with a lone backslash")
                }
                let next = bytes[index + 1]
                if Self.isDigit(next) {
                    guard index + 3 < bytes.count, Self.isDigit(bytes[index + 2]), Self.isDigit(bytes[index + 3])
                    else {
                        throw DiscoveryError(.badArgument, "DNS name has a \\DDD escape without three digits")
                    }
                    let value =
                        Int(next - 48) * 100 + Int(bytes[index + 2] - 48) * 10 + Int(bytes[index + 3] - 48)
                    guard value <= 255 else {
                        throw DiscoveryError(.badArgument, "DNS name escape \\\(value) is above 255")
                    }
                    current.append(UInt8(value))
                    index += 4
                } else {
                    current.append(next)
                    index += 2
                }
            } else if byte == UInt8(ascii: ".") {
                if current.isEmpty {
                    // Only a lone "." (the root) or a trailing dot may produce an empty label.
                    guard index == bytes.count - 1, labels.isEmpty == false || bytes.count == 1 else {
                        throw DiscoveryError(.badArgument, "DNS name \"\(text)\" has an empty label")
                    }
                } else {
                    labels.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
                index += 1
            } else {
                current.append(byte)
                index += 1
            }
        }
        if current.isEmpty == false {
            labels.append(String(decoding: current, as: UTF8.self))
        }
        try self.init(labels: labels)
    }

    /// Creates a name whose labels are already known to satisfy the length rules (the decoder's path).
    init(uncheckedLabels: [String]) {
        self.labels = uncheckedLabels
    }

    /// The text form with a trailing dot, escaping `.` and `\` inside labels.
    public var description: String {
        if labels.isEmpty { return "." }
        var text = ""
        for label in labels {
            for character in label.unicodeScalars {
                if character == "." || character == "\\" {
                    text.append("\\")
                }
                text.unicodeScalars.append(character)
            }
            text.append(".")
        }
        return text
    }

    /// The number of bytes this name takes on the wire without compression.
    public var wireLength: Int {
        labels.reduce(1) { $0 + $1.utf8.count + 1 }
    }

    /// A new name made of `label` followed by this name's labels.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` when the result breaks the length rules.
    public func prepending(_ label: String) throws(DiscoveryError) -> DNSName {
        try DNSName(labels: [label] + labels)
    }

    /// Whether this name ends with `suffix`, compared case-insensitively.
    public func hasSuffix(_ suffix: DNSName) -> Bool {
        guard suffix.labels.count <= labels.count else { return false }
        let offset = labels.count - suffix.labels.count
        for index in 0..<suffix.labels.count
        where Self.labelsEqual(labels[offset + index], suffix.labels[index]) == false {
            return false
        }
        return true
    }

    /// The name with its first label removed; the root stays the root.
    public var parent: DNSName {
        labels.isEmpty ? self : DNSName(uncheckedLabels: Array(labels.dropFirst()))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }

    static func labelsEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        // Native strings are contiguous UTF-8: compare the bytes directly (the zipped views cost more than the
        // comparison itself).
        let contiguous = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                for index in 0..<leftBytes.count
                where leftBytes[index] != rightBytes[index]
                    && lowercasedASCII(leftBytes[index]) != lowercasedASCII(rightBytes[index])
                {
                    return false
                }
                return true
            }
        }
        if let contiguous, let result = contiguous { return result }
        return zip(left, right).allSatisfy { lowercasedASCII($0) == lowercasedASCII($1) }
    }

    /// The uncompressed wire bytes with ASCII letters lowered: the canonical form used for comparisons.
    var canonicalWireBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(wireLength)
        for label in labels {
            bytes.append(UInt8(label.utf8.count))
            for byte in label.utf8 { bytes.append(Self.lowercasedASCII(byte)) }
        }
        bytes.append(0)
        return bytes
    }
}

extension DNSName: Hashable {
    /// Compares names label by label, ignoring ASCII case (RFC 1035 §2.3.3, RFC 6762 §16).
    public static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        guard lhs.labels.count == rhs.labels.count else { return false }
        for index in 0..<lhs.labels.count where labelsEqual(lhs.labels[index], rhs.labels[index]) == false {
            return false
        }
        return true
    }

    /// Hashes the ASCII-lowercased labels so that names equal under ``==(_:_:)`` hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(labels.count)
        for label in labels {
            hasher.combine(label.utf8.count)
            for byte in label.utf8 { hasher.combine(Self.lowercasedASCII(byte)) }
        }
    }
}
