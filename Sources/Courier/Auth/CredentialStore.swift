import CourierSecurity
import Foundation
import Synchronization

/// Credentials per protection space, like `URLCredentialStorage`: `.forSession` ones in memory,
/// `.permanent` ones encrypted in ``CourierSecurity/SecureStore`` (internet-password items) so a new
/// process finds them again; a default credential per space.
///
/// ```swift
/// let store = try CredentialStore(directory: appDataDirectory)
/// let space = ProtectionSpace(host: "intranet.example.com", realm: "Staff", authenticationMethod: .httpBasic)
/// try store.set(.user("ann", password: "s3cret", persistence: .permanent), for: space)
/// ```
public final class CredentialStore: Sendable {
    private struct State {
        var credentials: [ProtectionSpace: [String: Credential]] = [:]
        var defaults: [ProtectionSpace: String] = [:]
    }

    private let state = Mutex(State())
    /// The secure store, opened when first needed (`nil` inside: not opened yet; an error: could not open).
    private let secure: Mutex<Result<SecureStore, CourierError>?>
    private let persistentDirectory: URL??

    /// The secure-store access group permanent credentials live in.
    public static let accessGroup = "courier.credentials"

    /// A store that keeps everything in memory (`.permanent` credentials are kept for the process only).
    public init() {
        self.secure = Mutex(nil)
        self.persistentDirectory = .none
    }

    /// A store whose `.permanent` credentials are written to a secure store in `directory`
    /// (`$XDG_DATA_HOME/courier/secure-store` when `nil`), opened when first needed.
    public init(persistentDirectory directory: URL?) {
        self.secure = Mutex(nil)
        self.persistentDirectory = .some(directory)
    }

    /// The secure store, or `nil` for an in-memory store.
    /// - Throws: when the secure store cannot be opened (wrong permissions, damaged file).
    private func openSecureStore() throws -> SecureStore? {
        guard case .some(let directory) = persistentDirectory else { return nil }
        return try secure.withLock { opened in
            if let opened { return try opened.get() }
            let result: Result<SecureStore, CourierError>
            do {
                result = .success(try SecureStore(accessGroup: Self.accessGroup, directory: directory))
            } catch {
                result = .failure(
                    CourierError(
                        .invalidConfiguration, outcome: .notSent,
                        message: "could not open the credential store: \(error)", underlyingError: error))
            }
            opened = result
            return try result.get()
        }
    }

    // MARK: Reading

    /// The credentials for a space, by user name (memory first, then the secure store).
    public func credentials(for space: ProtectionSpace) -> [String: Credential] {
        var result = state.withLock { $0.credentials[space] ?? [:] }
        for credential in permanentCredentials(for: space) where result[credential.user ?? ""] == nil {
            result[credential.user ?? ""] = credential
        }
        return result
    }

    /// Every stored credential, by space.
    public var allCredentials: [ProtectionSpace: [String: Credential]] {
        state.withLock { $0.credentials }
    }

    /// The default credential of a space: the one set as default, else the only one stored.
    public func defaultCredential(for space: ProtectionSpace) -> Credential? {
        let (named, inMemory) = state.withLock { ($0.defaults[space], $0.credentials[space] ?? [:]) }
        if let named, let credential = inMemory[named] { return credential }
        let all = credentials(for: space)
        if let named, let credential = all[named] { return credential }
        return all.count == 1 ? all.values.first : nil
    }

    /// The credential Courier proposes for a challenge: the space's default, else one stored for the
    /// same origin without a realm (credentials set for a whole host).
    func proposedCredential(for space: ProtectionSpace) -> Credential? {
        if let credential = defaultCredential(for: space) { return credential }
        var hostWide = space.origin
        hostWide.authenticationMethod = .default
        return defaultCredential(for: hostWide)
    }

    // MARK: Writing

    /// Stores a credential for a space (`.none` credentials are not stored).
    /// - Throws: when a `.permanent` credential cannot be written to the secure store.
    public func set(_ credential: Credential, for space: ProtectionSpace) throws {
        guard credential.persistence != .none else { return }
        let key = credential.user ?? ""
        state.withLock { $0.credentials[space, default: [:]][key] = credential }
        if credential.persistence == .permanent, let user = credential.user, let password = credential.password {
            do {
                guard let secureStore = try openSecureStore() else { return }
                _ = try secureStore.addOrUpdate(Self.item(for: space, user: user, password: password))
            } catch {
                throw CourierError(
                    .cannotWriteToFile, outcome: .notSent,
                    message: "could not store the credential for \(space.host) permanently: \(error)",
                    underlyingError: error)
            }
        }
    }

    /// Stores a credential and makes it the space's default.
    public func setDefaultCredential(_ credential: Credential, for space: ProtectionSpace) throws {
        try set(credential, for: space)
        state.withLock { $0.defaults[space] = credential.user ?? "" }
    }

    /// Removes a credential from memory and the secure store.
    public func remove(_ credential: Credential, for space: ProtectionSpace) {
        let key = credential.user ?? ""
        state.withLock { state in
            state.credentials[space]?[key] = nil
            if state.defaults[space] == key { state.defaults[space] = nil }
        }
        if let secureStore = try? openSecureStore(), let user = credential.user {
            var query = SecureQuery.internetPassword(server: space.host, account: user, matchLimit: .all)
            query.attributes.port = space.port
            query.attributes.internetProtocol = InternetPasswordProtocol(rawValue: space.protocolName)
            query.attributes.securityDomain = space.realm
            _ = try? secureStore.delete(matching: query)
        }
    }

    // MARK: The secure store

    static func item(for space: ProtectionSpace, user: String, password: String) -> SecureItem {
        SecureItem.internetPassword(
            server: space.host, account: user, password: password,
            protocol: InternetPasswordProtocol(rawValue: space.protocolName), port: space.port,
            securityDomain: space.realm,
            authenticationType: InternetAuthenticationType(rawValue: space.authenticationMethod.rawValue))
    }

    private func permanentCredentials(for space: ProtectionSpace) -> [Credential] {
        guard let secureStore = try? openSecureStore() else { return [] }
        var query = SecureQuery.internetPassword(server: space.host, matchLimit: .all, returning: .dataAndAttributes)
        query.attributes.port = space.port
        query.attributes.internetProtocol = InternetPasswordProtocol(rawValue: space.protocolName)
        guard let items = try? secureStore.items(matching: query) else { return [] }
        return items.compactMap { item in
            guard item.attributes.securityDomain == space.realm,
                item.attributes.authenticationType?.rawValue == space.authenticationMethod.rawValue,
                let user = item.attributes.account, let password = item.dataString
            else { return nil }
            return .user(user, password: password, persistence: .permanent)
        }
    }
}
