import CourierSecurity
import Foundation

/// Keeps client identities permanently, encrypted in a ``CourierSecurity/SecureStore`` (an `identity`
/// item per server), for the book's "register device" flow: the login service returns a PKCS#12
/// certificate once, the app stores it, and every later run presents it.
///
/// ```swift
/// // After login (Listing 6-2): decode, store as the default identity for the bank.
/// let identity = try ClientIdentity(pkcs12Base64: json["certificate"], passphrase: "test")
/// let identities = try ClientIdentityStore()
/// try identities.setIdentity(identity, forHost: "yourbankingdomain.com")
///
/// // Any later run:
/// configuration.clientIdentity = .store(try ClientIdentityStore())
/// ```
///
/// Identities are kept per host and port (a protection space's realm plays no part: a client certificate
/// is chosen before any HTTP exchange). The store keeps the certificates and the private key, not the
/// PKCS#12 passphrase.
public final class ClientIdentityStore: Sendable {
    /// The access group used unless another is named.
    public static let defaultAccessGroup = "courier.client-identities"

    /// The secure store holding the identities.
    public let secureStore: SecureStore

    /// A store over an open secure store.
    public init(secureStore: SecureStore) {
        self.secureStore = secureStore
    }

    /// Opens the secure store of `accessGroup` (in `directory`, `$XDG_DATA_HOME/courier/secure-store` by
    /// default).
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` with the ``CourierSecurity/SecureStoreError`` as the
    ///   underlying error when the store cannot be opened (wrong passphrase, insecure permissions, damage).
    public convenience init(
        accessGroup: String = ClientIdentityStore.defaultAccessGroup, directory: URL? = nil, passphrase: String? = nil
    ) throws {
        do {
            self.init(
                secureStore: try SecureStore(accessGroup: accessGroup, directory: directory, passphrase: passphrase))
        } catch {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "could not open the client identity store: \(error)", underlyingError: error)
        }
    }

    /// Stores `identity` as the one to present to `host` on `port`, replacing any earlier one.
    ///
    /// - Throws: ``CourierError`` `cannotWriteToFile` when the secure store cannot be written,
    ///   `invalidConfiguration` when the key cannot be exported.
    public func setIdentity(_ identity: ClientIdentity, forHost host: String, port: Int = 443) throws {
        let record = StoredIdentity(
            version: 1,
            certificates: identity.certificates.map(\.derRepresentation),
            privateKey: try identity.privateKeyDER())
        var attributes = SecureItemAttributes(label: Self.label(host: host, port: port))
        attributes.itemDescription = "TLS client identity"
        attributes.comment = identity.certificate.subject
        do {
            let data = try JSONEncoder().encode(record)
            _ = try secureStore.addOrUpdate(SecureItem(itemClass: .identity, attributes: attributes, data: data))
        } catch {
            throw Self.storeError(.cannotWriteToFile, couldNot: "store", host: host, port: port, error)
        }
    }

    /// Stores `identity` for the host and port of a protection space.
    ///
    /// - Throws: As ``setIdentity(_:forHost:port:)``.
    public func setIdentity(_ identity: ClientIdentity, for space: ProtectionSpace) throws {
        try setIdentity(identity, forHost: space.host, port: space.port)
    }

    /// The identity stored for `host` on `port`, or `nil`.
    ///
    /// - Throws: ``CourierError`` `resourceUnavailable` when the secure store cannot be read (locked,
    ///   damaged), `invalidConfiguration` when the stored identity is damaged.
    public func identity(forHost host: String, port: Int = 443) throws -> ClientIdentity? {
        let query = Self.query(host: host, port: port)
        let data: Data
        do {
            guard let found = try secureStore.items(matching: query).first?.data else { return nil }
            data = found
        } catch let error as SecureStoreError where error.status == .itemNotFound {
            return nil
        } catch {
            throw Self.storeError(.resourceUnavailable, couldNot: "read", host: host, port: port, error)
        }
        guard let record = try? JSONDecoder().decode(StoredIdentity.self, from: data), record.version == 1 else {
            throw ClientIdentityError(.malformed, "the record cannot be decoded").courierError(
                "the stored client identity for \(host):\(port) is damaged")
        }
        return try ClientIdentity(derCertificates: record.certificates, derPrivateKey: record.privateKey)
    }

    /// The identity stored for the host and port of a protection space, or `nil`.
    ///
    /// - Throws: As ``identity(forHost:port:)``.
    public func identity(for space: ProtectionSpace) throws -> ClientIdentity? {
        try identity(forHost: space.host, port: space.port)
    }

    /// Removes the identity of `host` on `port`; returns whether there was one.
    ///
    /// - Throws: ``CourierError`` `cannotWriteToFile` when the secure store cannot be written.
    @discardableResult
    public func removeIdentity(forHost host: String, port: Int = 443) throws -> Bool {
        let query = Self.query(host: host, port: port)
        do {
            return try secureStore.delete(matching: query) > 0
        } catch let error as SecureStoreError where error.status == .itemNotFound {
            return false
        } catch {
            throw Self.storeError(.cannotWriteToFile, couldNot: "remove", host: host, port: port, error)
        }
    }

    /// The query for the identity stored for `host` on `port`.
    static func query(host: String, port: Int) -> SecureQuery {
        SecureQuery(itemClass: .identity, attributes: SecureItemAttributes(label: label(host: host, port: port)))
    }

    /// The error for a secure store that failed to `action` (store, read, remove) the identity of `host` on `port`.
    static func storeError(
        _ code: CourierError.Code, couldNot action: String, host: String, port: Int, _ error: any Error
    ) -> CourierError {
        CourierError(
            code, outcome: .notSent, message: "could not \(action) the client identity for \(host):\(port): \(error)",
            underlyingError: error)
    }

    static func label(host: String, port: Int) -> String {
        "courier client identity https://\(HostPatterns<Int>.normalize(host)):\(port)"
    }

    /// What an identity item's data holds.
    private struct StoredIdentity: Codable {
        var version: Int
        var certificates: [Data]
        var privateKey: Data
    }
}
