/// A DNS-SD service type such as `_http._tcp` or the subtype `_printer._sub._http._tcp` (RFC 6763 §7, RFC 6335
/// §5.1).
///
/// ```swift
/// let type = try ServiceType("_associateHelp._tcp")
/// type.name  // "associateHelp"
/// ```
public struct ServiceType: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The service name without underscore (1–15 letters, digits and hyphens).
    public let name: String
    /// The transport: `tcp` or `udp`.
    public let transport: String
    /// The subtype label without underscore, if any.
    public let subtype: String?

    /// Parses `_name._tcp`, `_name._udp` or `_sub._sub._name._tcp`, with an optional trailing `.` or `.local.`.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` naming the rule broken, e.g. "service type has 19 characters;
    ///   limit 15".
    public init(_ text: String) throws(DiscoveryError) {
        var labels = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if labels.last == "" { labels.removeLast() }
        if labels.count > 2, labels.last?.lowercased() == "local" { labels.removeLast() }
        var subtype: String?
        if labels.count == 4 {
            guard labels[1].lowercased() == "_sub", labels[0].hasPrefix("_"), labels[0].count > 1 else {
                throw DiscoveryError(.badArgument, "service subtype must look like _x._sub._name._tcp, not \"\(text)\"")
            }
            subtype = String(labels[0].dropFirst())
            guard (subtype?.utf8.count ?? 0) <= 63 else {
                throw DiscoveryError(.badArgument, "service subtype label is longer than 63 bytes")
            }
            labels.removeFirst(2)
        }
        guard labels.count == 2 else {
            throw DiscoveryError(.badArgument, "service type must look like _name._tcp or _name._udp, not \"\(text)\"")
        }
        let transport = labels[1].lowercased()
        guard transport == "_tcp" || transport == "_udp" else {
            throw DiscoveryError(.badArgument, "service type transport must be _tcp or _udp, not \"\(labels[1])\"")
        }
        guard labels[0].hasPrefix("_") else {
            throw DiscoveryError(.badArgument, "service type name must start with an underscore: \"\(labels[0])\"")
        }
        let name = String(labels[0].dropFirst())
        try Self.validateName(name)
        self.name = name
        self.transport = String(transport.dropFirst())
        self.subtype = subtype
    }

    /// `_name._tcp` (or the subtype form), without domain.
    public var description: String {
        let base = "_\(name)._\(transport)"
        return subtype.map { "_\($0)._sub.\(base)" } ?? base
    }

    /// The type without its subtype: the name instances live under.
    public var baseType: ServiceType {
        ServiceType(name: name, transport: transport, subtype: nil)
    }

    /// `_name._tcp.local.` (or the subtype form) as a DNS name.
    public var domainName: DNSName {
        var labels = ["_\(name)", "_\(transport)", "local"]
        if let subtype { labels.insert(contentsOf: ["_\(subtype)", "_sub"], at: 0) }
        return DNSName(uncheckedLabels: labels)
    }

    /// Decodes the text form, validating it as ``init(_:)`` does.
    ///
    /// - Throws: `DecodingError` when the value is not a string, ``DiscoveryError`` when it is not a valid type.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(text)
    }

    /// Encodes the text form (`_name._tcp`).
    ///
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private init(name: String, transport: String, subtype: String?) {
        self.name = name
        self.transport = transport
        self.subtype = subtype
    }

    /// Reads a type from a name like `_http._tcp.local.`; `nil` when the name is not a valid service type.
    init?(domainName: DNSName) {
        guard domainName.labels.count == 3, DNSName.labelsEqual(domainName.labels[2], "local") else { return nil }
        guard let type = try? ServiceType("\(domainName.labels[0]).\(domainName.labels[1])") else { return nil }
        self = type
    }

    /// RFC 6335 §5.1: 1–15 characters, letters, digits and hyphens, at least one letter, no hyphen at either
    /// end nor two in a row.
    static func validateName(_ name: String) throws(DiscoveryError) {
        let bytes = Array(name.utf8)
        guard bytes.isEmpty == false else {
            throw DiscoveryError(.badArgument, "service type name is empty")
        }
        guard bytes.count <= 15 else {
            throw DiscoveryError(.badArgument, "service type has \(bytes.count) characters; limit 15")
        }
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        guard bytes.allSatisfy({ isLetter($0) || DNSName.isDigit($0) || $0 == UInt8(ascii: "-") }) else {
            throw DiscoveryError(.badArgument, "service type \"\(name)\" may hold only letters, digits and hyphens")
        }
        guard bytes.contains(where: isLetter) else {
            throw DiscoveryError(.badArgument, "service type \"\(name)\" needs at least one letter")
        }
        guard bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-"), name.contains("--") == false else {
            throw DiscoveryError(.badArgument, "service type \"\(name)\" may not start, end or repeat a hyphen")
        }
    }
}
