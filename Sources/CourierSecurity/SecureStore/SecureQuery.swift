/// What to look for in a ``SecureStore`` and what to return (the book's table 6-5 as it applies
/// here): an item class, attributes that must match, a match limit and the kind of result.
///
/// ```swift
/// let query = SecureQuery(
///     itemClass: .internetPassword,
///     attributes: { var a = SecureItemAttributes(); a.server = "api.example.com"; return a }(),
///     matchLimit: .all,
///     returning: .attributes
/// )
/// let servers = try store.items(matching: query)
/// ```
public struct SecureQuery: Sendable, Hashable {
    /// How many matches to return (`kSecMatchLimit`). Updates and deletes always act on every match.
    public enum MatchLimit: Sendable, Hashable {
        /// The first match (`kSecMatchLimitOne`), the default.
        case one
        /// Every match (`kSecMatchLimitAll`).
        case all
        /// At most this many matches.
        case upTo(Int)
    }

    /// What each result carries (`kSecReturnData`, `kSecReturnAttributes`).
    public enum ReturnKind: Sendable, Hashable {
        /// The item data only.
        case data
        /// The attributes only; the data is not decrypted, so this works while the store is locked.
        case attributes
        /// Data and attributes.
        case dataAndAttributes
    }

    /// The class to search (`kSecClass`).
    public var itemClass: SecureItemClass
    /// Attributes that must match; unset ones match anything.
    public var attributes: SecureItemAttributes
    /// How many results.
    public var matchLimit: MatchLimit
    /// What the results carry.
    public var returning: ReturnKind
    /// Whether string attributes compare case-insensitively (`kSecMatchCaseInsensitive`).
    public var isCaseInsensitive: Bool

    /// Creates a query.
    public init(
        itemClass: SecureItemClass,
        attributes: SecureItemAttributes = SecureItemAttributes(),
        matchLimit: MatchLimit = .one,
        returning: ReturnKind = .data,
        isCaseInsensitive: Bool = false
    ) {
        self.itemClass = itemClass
        self.attributes = attributes
        self.matchLimit = matchLimit
        self.returning = returning
        self.isCaseInsensitive = isCaseInsensitive
    }

    /// The generic password for a service and, optionally, an account.
    public static func genericPassword(
        service: String,
        account: String? = nil,
        matchLimit: MatchLimit = .one,
        returning: ReturnKind = .data
    ) -> SecureQuery {
        SecureQuery(
            itemClass: .genericPassword,
            attributes: SecureItemAttributes(account: account, service: service),
            matchLimit: matchLimit,
            returning: returning
        )
    }

    /// Internet passwords for a server and, optionally, an account.
    public static func internetPassword(
        server: String,
        account: String? = nil,
        matchLimit: MatchLimit = .one,
        returning: ReturnKind = .data
    ) -> SecureQuery {
        var attributes = SecureItemAttributes(account: account)
        attributes.server = server
        return SecureQuery(
            itemClass: .internetPassword,
            attributes: attributes,
            matchLimit: matchLimit,
            returning: returning
        )
    }

    var includesData: Bool {
        returning != .attributes
    }

    var includesAttributes: Bool {
        returning != .data
    }

    var limit: Int {
        switch matchLimit {
        case .one: 1
        case .all: Int.max
        case .upTo(let count): max(0, count)
        }
    }
}
