import Foundation

/// The attributes of a secure-store item (the book's table 6-3 as far as it applies off iOS), and
/// the attribute part of a query.
///
/// Every attribute is optional. In an item, an unset attribute is simply absent. In a
/// ``SecureQuery``, each set attribute must match; unset ones match anything. Setting an attribute
/// that does not belong to the item class (a `server` on a generic password) is a
/// ``SecureStoreStatus/param`` error.
///
/// | class | attributes beyond the common ones |
/// |---|---|
/// | generic password | `account`, `service`, `generic` |
/// | internet password | `account`, `securityDomain`, `server`, `internetProtocol`, `authenticationType`, `port`, `path` |
/// | key | `applicationLabel`, `applicationTag`, `keyType`, `keySizeInBits`, `effectiveKeySize`, `isPermanent`, `canEncrypt` … `canUnwrap` |
/// | certificate | `subject`, `issuer`, `serialNumber` |
/// | identity | the certificate and key attributes |
///
/// Common to all: `label`, `itemDescription`, `comment`, `creator`, `type`, `isInvisible`,
/// `isNegative`, `accessibility`, `accessGroup`. The store also reports `creationDate` and
/// `modificationDate`, which cannot be set or queried.
public struct SecureItemAttributes: Sendable, Hashable, Codable {
    /// The names under which attributes are stored and matched.
    enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        case label
        case itemDescription
        case comment
        case creator
        case type
        case isInvisible
        case isNegative
        case accessibility
        case accessGroup
        case account
        case service
        case generic
        case securityDomain
        case server
        case internetProtocol
        case authenticationType
        case port
        case path
        case applicationLabel
        case applicationTag
        case keyType
        case keySizeInBits
        case effectiveKeySize
        case isPermanent
        case canEncrypt
        case canDecrypt
        case canDerive
        case canSign
        case canVerify
        case canWrap
        case canUnwrap
        case subject
        case issuer
        case serialNumber
    }

    /// The set attributes; dates are kept apart because they are not matchable.
    private(set) var values: [String: AttributeValue] = [:]
    /// When the item was added; set by the store.
    public internal(set) var creationDate: Date?
    /// When the item was last changed; set by the store.
    public internal(set) var modificationDate: Date?

    /// Creates an empty attribute set.
    public init() {}

    /// Creates attributes with the ones most often used.
    public init(
        account: String? = nil,
        service: String? = nil,
        label: String? = nil,
        accessibility: SecureItemAccessibility? = nil
    ) {
        self.account = account
        self.service = service
        self.label = label
        self.accessibility = accessibility
    }

    subscript(name: Name) -> AttributeValue? {
        get { values[name.rawValue] }
        set { values[name.rawValue] = newValue }
    }

    /// The names of the attributes that are set.
    var setNames: Set<Name> {
        Set(values.keys.compactMap(Name.init(rawValue:)))
    }

    /// The attributes each class allows.
    static func allowedNames(for itemClass: SecureItemClass) -> Set<Name> {
        let common: Set<Name> = [
            .label, .itemDescription, .comment, .creator, .type, .isInvisible, .isNegative, .accessibility,
            .accessGroup,
        ]
        let generic: Set<Name> = [.account, .service, .generic]
        let internet: Set<Name> = [
            .account, .securityDomain, .server, .internetProtocol, .authenticationType, .port, .path,
        ]
        let key: Set<Name> = [
            .applicationLabel, .applicationTag, .keyType, .keySizeInBits, .effectiveKeySize, .isPermanent, .canEncrypt,
            .canDecrypt, .canDerive, .canSign, .canVerify, .canWrap, .canUnwrap,
        ]
        let certificate: Set<Name> = [.subject, .issuer, .serialNumber]
        switch itemClass {
        case .genericPassword: return common.union(generic)
        case .internetPassword: return common.union(internet)
        case .key: return common.union(key)
        case .certificate: return common.union(certificate)
        case .identity: return common.union(certificate).union(key)
        }
    }

    /// Returns these attributes with every attribute set in `changes` replacing its value.
    func merging(_ changes: SecureItemAttributes) -> SecureItemAttributes {
        var merged = self
        merged.values.merge(changes.values) { _, new in new }
        return merged
    }

    /// A user-visible label (`kSecAttrLabel`).
    public var label: String? {
        get { self[.label]?.stringValue }
        set { self[.label] = newValue.map(AttributeValue.string) }
    }

    /// A user-visible description of the kind of item (`kSecAttrDescription`).
    public var itemDescription: String? {
        get { self[.itemDescription]?.stringValue }
        set { self[.itemDescription] = newValue.map(AttributeValue.string) }
    }

    /// A user-editable comment (`kSecAttrComment`).
    public var comment: String? {
        get { self[.comment]?.stringValue }
        set { self[.comment] = newValue.map(AttributeValue.string) }
    }

    /// The creator as a four-character code (`kSecAttrCreator`).
    public var creator: UInt32? {
        get { self[.creator]?.integerValue.flatMap(UInt32.init(exactly:)) }
        set { self[.creator] = newValue.map { AttributeValue.integer(Int($0)) } }
    }

    /// The item type as a four-character code (`kSecAttrType`).
    public var type: UInt32? {
        get { self[.type]?.integerValue.flatMap(UInt32.init(exactly:)) }
        set { self[.type] = newValue.map { AttributeValue.integer(Int($0)) } }
    }

    /// Whether the item should be hidden from users (`kSecAttrIsInvisible`).
    public var isInvisible: Bool? {
        get { self[.isInvisible]?.boolValue }
        set { self[.isInvisible] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the item records that there is no valid password (`kSecAttrIsNegative`).
    public var isNegative: Bool? {
        get { self[.isNegative]?.boolValue }
        set { self[.isNegative] = newValue.map(AttributeValue.bool) }
    }

    /// When the item's data can be read; ``SecureItemAccessibility/always`` when an added item leaves it unset (`kSecAttrAccessible`).
    public var accessibility: SecureItemAccessibility? {
        get { self[.accessibility]?.stringValue.flatMap(SecureItemAccessibility.init(rawValue:)) }
        set { self[.accessibility] = newValue.map { AttributeValue.string($0.rawValue) } }
    }

    /// The access group; set by the store on results. A query naming another group matches nothing (`kSecAttrAccessGroup`).
    public var accessGroup: String? {
        get { self[.accessGroup]?.stringValue }
        set { self[.accessGroup] = newValue.map(AttributeValue.string) }
    }

    /// The account name (generic and internet passwords) (`kSecAttrAccount`).
    public var account: String? {
        get { self[.account]?.stringValue }
        set { self[.account] = newValue.map(AttributeValue.string) }
    }

    /// The service name (generic passwords) (`kSecAttrService`).
    public var service: String? {
        get { self[.service]?.stringValue }
        set { self[.service] = newValue.map(AttributeValue.string) }
    }

    /// User-defined bytes (generic passwords) (`kSecAttrGeneric`).
    public var generic: Data? {
        get { self[.generic]?.dataValue }
        set { self[.generic] = newValue.map(AttributeValue.data) }
    }

    /// The security domain or realm (internet passwords) (`kSecAttrSecurityDomain`).
    public var securityDomain: String? {
        get { self[.securityDomain]?.stringValue }
        set { self[.securityDomain] = newValue.map(AttributeValue.string) }
    }

    /// The server's domain name or IP address (internet passwords) (`kSecAttrServer`).
    public var server: String? {
        get { self[.server]?.stringValue }
        set { self[.server] = newValue.map(AttributeValue.string) }
    }

    /// The protocol (internet passwords) (`kSecAttrProtocol`).
    public var internetProtocol: InternetPasswordProtocol? {
        get { self[.internetProtocol]?.stringValue.flatMap(InternetPasswordProtocol.init(rawValue:)) }
        set { self[.internetProtocol] = newValue.map { AttributeValue.string($0.rawValue) } }
    }

    /// The authentication scheme (internet passwords) (`kSecAttrAuthenticationType`).
    public var authenticationType: InternetAuthenticationType? {
        get { self[.authenticationType]?.stringValue.flatMap(InternetAuthenticationType.init(rawValue:)) }
        set { self[.authenticationType] = newValue.map { AttributeValue.string($0.rawValue) } }
    }

    /// The port (internet passwords) (`kSecAttrPort`).
    public var port: Int? {
        get { self[.port]?.integerValue }
        set { self[.port] = newValue.map(AttributeValue.integer) }
    }

    /// The path, usually a URL path (internet passwords) (`kSecAttrPath`).
    public var path: String? {
        get { self[.path]?.stringValue }
        set { self[.path] = newValue.map(AttributeValue.string) }
    }

    /// A label for finding the key programmatically, such as a public-key hash (keys) (`kSecAttrApplicationLabel`).
    public var applicationLabel: Data? {
        get { self[.applicationLabel]?.dataValue }
        set { self[.applicationLabel] = newValue.map(AttributeValue.data) }
    }

    /// A private tag (keys) (`kSecAttrApplicationTag`).
    public var applicationTag: Data? {
        get { self[.applicationTag]?.dataValue }
        set { self[.applicationTag] = newValue.map(AttributeValue.data) }
    }

    /// The key algorithm, such as `"RSA"`, `"EC"` or `"AES"` (keys) (`kSecAttrKeyType`).
    public var keyType: String? {
        get { self[.keyType]?.stringValue }
        set { self[.keyType] = newValue.map(AttributeValue.string) }
    }

    /// The key size in bits (keys) (`kSecAttrKeySizeInBits`).
    public var keySizeInBits: Int? {
        get { self[.keySizeInBits]?.integerValue }
        set { self[.keySizeInBits] = newValue.map(AttributeValue.integer) }
    }

    /// The effective key size in bits (keys) (`kSecAttrEffectiveKeySize`).
    public var effectiveKeySize: Int? {
        get { self[.effectiveKeySize]?.integerValue }
        set { self[.effectiveKeySize] = newValue.map(AttributeValue.integer) }
    }

    /// Whether the key is stored permanently (keys) (`kSecAttrIsPermanent`).
    public var isPermanent: Bool? {
        get { self[.isPermanent]?.boolValue }
        set { self[.isPermanent] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may encrypt (keys) (`kSecAttrCanEncrypt`).
    public var canEncrypt: Bool? {
        get { self[.canEncrypt]?.boolValue }
        set { self[.canEncrypt] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may decrypt (keys) (`kSecAttrCanDecrypt`).
    public var canDecrypt: Bool? {
        get { self[.canDecrypt]?.boolValue }
        set { self[.canDecrypt] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may derive other keys (keys) (`kSecAttrCanDerive`).
    public var canDerive: Bool? {
        get { self[.canDerive]?.boolValue }
        set { self[.canDerive] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may sign (keys) (`kSecAttrCanSign`).
    public var canSign: Bool? {
        get { self[.canSign]?.boolValue }
        set { self[.canSign] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may verify signatures (keys) (`kSecAttrCanVerify`).
    public var canVerify: Bool? {
        get { self[.canVerify]?.boolValue }
        set { self[.canVerify] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may wrap other keys (keys) (`kSecAttrCanWrap`).
    public var canWrap: Bool? {
        get { self[.canWrap]?.boolValue }
        set { self[.canWrap] = newValue.map(AttributeValue.bool) }
    }

    /// Whether the key may unwrap other keys (keys) (`kSecAttrCanUnwrap`).
    public var canUnwrap: Bool? {
        get { self[.canUnwrap]?.boolValue }
        set { self[.canUnwrap] = newValue.map(AttributeValue.bool) }
    }

    /// The DER subject name (certificates and identities) (`kSecAttrSubject`).
    public var subject: Data? {
        get { self[.subject]?.dataValue }
        set { self[.subject] = newValue.map(AttributeValue.data) }
    }

    /// The DER issuer name (certificates and identities) (`kSecAttrIssuer`).
    public var issuer: Data? {
        get { self[.issuer]?.dataValue }
        set { self[.issuer] = newValue.map(AttributeValue.data) }
    }

    /// The DER serial number (certificates and identities) (`kSecAttrSerialNumber`).
    public var serialNumber: Data? {
        get { self[.serialNumber]?.dataValue }
        set { self[.serialNumber] = newValue.map(AttributeValue.data) }
    }
}

/// One stored attribute value.
enum AttributeValue: Sendable, Hashable, Codable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case data(Data)

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// Whether a stored value satisfies a queried one.
    func matches(_ query: AttributeValue, caseInsensitive: Bool) -> Bool {
        if caseInsensitive, case .string(let stored) = self, case .string(let wanted) = query {
            return stored.compare(wanted, options: .caseInsensitive) == .orderedSame
        }
        return self == query
    }
}
