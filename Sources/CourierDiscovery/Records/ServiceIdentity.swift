import Foundation

/// The book's service tuple — instance name, type and domain — which an application saves instead of addresses
/// and resolves each time it needs to connect.
///
/// ```swift
/// let identity = try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
/// identity.fullName.description  // "Kids Shoes._associateHelp._tcp.local."
/// ```
public struct ServiceIdentity: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The instance name: one label of at most 63 UTF-8 bytes in NFC; dots and spaces are literal.
    public let name: String
    /// The service type.
    public let type: ServiceType
    /// Always `local.`: wide-area DNS-SD is not supported.
    public var domain: String { "local." }

    /// Creates an identity, validating the name and type.
    ///
    /// - Parameters:
    ///   - name: the instance name; normalized to NFC.
    ///   - type: `_name._tcp` or `_name._udp`.
    ///   - domain: `""`, `local` or `local.`.
    /// - Throws: ``DiscoveryError`` `badArgument` naming the rule broken.
    public init(name: String, type: String, domain: String = "") throws(DiscoveryError) {
        try self.init(name: name, type: try ServiceType(type), domain: domain)
    }

    /// Creates an identity from an already parsed type.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` naming the rule broken.
    public init(name: String, type: ServiceType, domain: String = "") throws(DiscoveryError) {
        let lowered = domain.lowercased()
        guard lowered.isEmpty || lowered == "local" || lowered == "local." else {
            throw DiscoveryError(.badArgument, "domain \"\(domain)\": wide-area DNS-SD unsupported; use local.")
        }
        let normalized = name.precomposedStringWithCanonicalMapping
        try Self.validateInstanceName(normalized)
        self.name = normalized
        self.type = type.baseType
    }

    /// Builds an identity from a received instance name such as `Kids Shoes._associateHelp._tcp.local.`.
    /// Extra labels before the type (python-zeroconf writes `Dept. 5` as two labels) are joined with `.`.
    init?(fullName: DNSName, type: ServiceType) {
        let typeLabels = type.baseType.domainName.labels.count
        guard fullName.labels.count > typeLabels, fullName.hasSuffix(type.baseType.domainName) else { return nil }
        let instance = fullName.labels[0..<(fullName.labels.count - typeLabels)].joined(separator: ".")
        guard instance.utf8.count <= 255, instance.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { return nil }
        self.name = instance
        self.type = type.baseType
    }

    /// `Name._type._tcp.local.` as a DNS name with the instance as one label.
    public var fullName: DNSName {
        DNSName(uncheckedLabels: [name] + type.domainName.labels)
    }

    /// The text form of ``fullName``, escaping dots inside the instance name.
    public var description: String { fullName.description }

    /// The identity with another instance name (used when renaming after a conflict).
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` when the new name breaks the rules.
    public func renamed(_ newName: String) throws(DiscoveryError) -> ServiceIdentity {
        try ServiceIdentity(name: newName, type: type)
    }

    static func validateInstanceName(_ name: String) throws(DiscoveryError) {
        let count = name.utf8.count
        guard count > 0 else {
            throw DiscoveryError(.badArgument, "service instance name is empty")
        }
        guard count <= 63 else {
            throw DiscoveryError(.badArgument, "service instance name has \(count) bytes; limit 63")
        }
        guard
            name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
            )
        else {
            throw DiscoveryError(.badArgument, "service instance name may not contain control characters")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case type
        case domain
    }

    /// Decodes `{name, type, domain}`, validating as ``init(name:type:domain:)-(String,String,String)`` does.
    ///
    /// - Throws: `DecodingError` for missing fields, ``DiscoveryError`` for invalid values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let type = try container.decode(String.self, forKey: .type)
        let domain = try container.decodeIfPresent(String.self, forKey: .domain) ?? ""
        try self.init(name: name, type: type, domain: domain)
    }

    /// Encodes `{name, type, domain}` with the type in its text form.
    ///
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type.description, forKey: .type)
        try container.encode(domain, forKey: .domain)
    }
}
