import Foundation

/// An item in a ``SecureStore``: its class, its attributes and its secret data.
///
/// The data never appears in `description`, `debugDescription` or `dump`.
///
/// ```swift
/// let item = SecureItem.genericPassword(service: "com.acme.sso", account: "alice", password: token)
/// try store.add(item)
/// ```
public struct SecureItem: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, RedactedDescription
{
    /// The item class.
    public var itemClass: SecureItemClass
    /// The attributes. On results, only filled when the query asked for attributes (the class and
    /// access group are always present).
    public var attributes: SecureItemAttributes
    /// The secret data (`kSecValueData`). On results, only filled when the query asked for data.
    public var data: Data?

    /// Creates an item.
    public init(
        itemClass: SecureItemClass, attributes: SecureItemAttributes = SecureItemAttributes(), data: Data? = nil
    ) {
        self.itemClass = itemClass
        self.attributes = attributes
        self.data = data
    }

    /// A generic password holding the UTF-8 bytes of `password`.
    public static func genericPassword(
        service: String,
        account: String,
        password: String,
        accessibility: SecureItemAccessibility = .always
    ) -> SecureItem {
        SecureItem(
            itemClass: .genericPassword,
            attributes: SecureItemAttributes(account: account, service: service, accessibility: accessibility),
            data: Data(password.utf8)
        )
    }

    /// An internet password for a server, holding the UTF-8 bytes of `password`.
    public static func internetPassword(
        server: String,
        account: String,
        password: String,
        protocol internetProtocol: InternetPasswordProtocol? = nil,
        port: Int? = nil,
        path: String? = nil,
        securityDomain: String? = nil,
        authenticationType: InternetAuthenticationType? = nil,
        accessibility: SecureItemAccessibility = .always
    ) -> SecureItem {
        var attributes = SecureItemAttributes(account: nil, accessibility: accessibility)
        attributes.account = account
        attributes.server = server
        attributes.internetProtocol = internetProtocol
        attributes.port = port
        attributes.path = path
        attributes.securityDomain = securityDomain
        attributes.authenticationType = authenticationType
        return SecureItem(itemClass: .internetPassword, attributes: attributes, data: Data(password.utf8))
    }

    /// The data as UTF-8 text, if it is valid UTF-8.
    public var dataString: String? {
        data.flatMap { String(data: $0, encoding: .utf8) }
    }

    /// `"SecureItem(<class>, <label or account>, data redacted)"`.
    public var description: String {
        let name = attributes.label ?? attributes.account ?? attributes.server ?? "unnamed"
        let dataNote = data.map { "\($0.count) bytes of data redacted" } ?? "no data"
        return "SecureItem(\(itemClass.rawValue), \(name), \(dataNote))"
    }

    /// A mirror with the class and attributes but not the data.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["itemClass": itemClass, "attributes": attributes, "dataByteCount": data?.count as Any],
            displayStyle: .struct
        )
    }
}
