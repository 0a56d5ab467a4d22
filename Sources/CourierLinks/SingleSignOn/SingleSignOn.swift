import CourierSecurity
import Foundation

/// Single sign-on for a suite of programs over a shared ``SecureStore`` access group — the book's
/// shared keychain with the `com.acme.sso` group. Every program that opens the same group (in the
/// same store directory) sees the same user and token; programs that do not name it see nothing.
///
/// ``authenticate(username:password:using:)`` asks a provider (the enterprise SSO service; in the
/// demo, a login endpoint) for a token and stores the user name and the token with its expiry.
/// ``credentialsAreValid(onlineCheck:)`` is the check to run before showing protected data.
/// ``logout()`` deletes the token but keeps the user name, so the next login form can be
/// pre-filled, as the book recommends.
///
/// ```swift
/// let sso = try SingleSignOn(group: "com.acme.sso")
/// try await sso.authenticate(username: "alice", password: password) { user, password in
///     try await loginService.token(for: user, password: password)
/// }
/// // in another program of the suite:
/// if try await SingleSignOn(group: "com.acme.sso").credentialsAreValid() { /* signed in */ }
/// ```
public struct SingleSignOn: Sendable {
    /// Exchanges a user name and password for a token; throws when the provider refuses.
    public typealias Provider = @Sendable (_ username: String, _ password: String) async throws -> SSOToken
    /// An optional online check of a stored token (a call to the SSO provider); false rejects it.
    public typealias OnlineCheck = @Sendable (_ username: String, _ token: SSOToken) async throws -> Bool

    /// The book's access group.
    public static let defaultGroup = "com.acme.sso"
    /// The service name of the stored items.
    public static let service = "courier.sso"
    /// The account under which the user name is stored (the book's `kCredentialUsernameKey`).
    static let usernameAccount = "username"
    /// The account under which the token is stored (the book's `kCredentialTokenKey`).
    static let tokenAccount = "token"

    /// The shared store of the access group.
    public let store: SecureStore
    /// What is shared.
    public let policy: SSOSharingPolicy
    private let now: @Sendable () -> Date

    /// Uses an open store.
    ///
    /// - Parameters:
    ///   - store: The shared store of the suite's access group.
    ///   - policy: Whether the token is shared or kept in a private store.
    ///   - now: The clock for expiry checks; tests inject one.
    public init(
        store: SecureStore, policy: SSOSharingPolicy = .shareToken, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Opens the store of an access group.
    ///
    /// - Parameters:
    ///   - group: The access group, `com.acme.sso` by default.
    ///   - directory: The store directory (`$XDG_DATA_HOME/courier/secure-store` by default).
    ///   - policy: Whether the token is shared.
    ///   - now: The clock for expiry checks.
    /// - Throws: ``LinkError/Code/storeFailed`` when the store cannot be opened.
    public init(
        group: String = SingleSignOn.defaultGroup,
        directory: URL? = nil,
        policy: SSOSharingPolicy = .shareToken,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(LinkError) {
        let store: SecureStore
        do {
            store = try SecureStore(accessGroup: group, directory: directory)
        } catch {
            throw Self.storeFailure("the access group \(group) could not be opened", error)
        }
        self.init(store: store, policy: policy, now: now)
    }

    /// Signs in: asks the provider for a token and, on success, stores the user name (shared) and
    /// the token (shared or private, by ``policy``).
    ///
    /// - Returns: The token.
    /// - Throws: ``LinkError/Code/authenticationFailed`` for an empty user name or when the provider
    ///   refuses (nothing is stored then), ``LinkError/Code/storeFailed`` when storing fails.
    @discardableResult
    public func authenticate(
        username: String, password: String, using provider: Provider
    ) async throws(LinkError) -> SSOToken {
        guard !username.isEmpty, !username.contains("\0") else {
            throw LinkError(.authenticationFailed, "a user name must not be empty")
        }
        let token: SSOToken
        do {
            token = try await provider(username, password)
        } catch {
            throw LinkError(.authenticationFailed, "signing in as \(username) failed: \(error)")
        }
        let tokenData: Data
        do {
            tokenData = try JSONEncoder().encode(token)
        } catch {
            throw LinkError(.storeFailed, "the token could not be encoded: \(error)")
        }
        try write(Data(username.utf8), account: Self.usernameAccount, in: store)
        try write(tokenData, account: Self.tokenAccount, in: tokenStore)
        return token
    }

    /// The signed-in (or last signed-in) user, kept across ``logout()`` for pre-filling.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store cannot be read.
    public func currentUser() throws(LinkError) -> String? {
        try read(account: Self.usernameAccount, in: store).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The stored token, whether or not it has expired.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store cannot be read or the stored token is
    ///   damaged.
    public func token() throws(LinkError) -> SSOToken? {
        guard let data = try read(account: Self.tokenAccount, in: tokenStore) else {
            return nil
        }
        do {
            return try JSONDecoder().decode(SSOToken.self, from: data)
        } catch {
            throw LinkError(.storeFailed, "the stored sign-on token is damaged; sign in again")
        }
    }

    /// Whether stored credentials may be used (the book's `credentialsAreValid`): false without a
    /// user or token, false when the token has expired, and otherwise the online check's answer
    /// when one is given.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store cannot be read, and
    ///   ``LinkError/Code/authenticationFailed`` when the online check fails (rather than answers no).
    public func credentialsAreValid(onlineCheck: OnlineCheck? = nil) async throws(LinkError) -> Bool {
        guard let user = try currentUser(), let token = try token() else {
            return false
        }
        if token.isExpired(at: now()) {
            return false
        }
        guard let onlineCheck else {
            return true
        }
        do {
            return try await onlineCheck(user, token)
        } catch {
            throw LinkError(.authenticationFailed, "the online check of \(user)'s token failed: \(error)")
        }
    }

    /// Signs out: deletes the token and keeps the user name (the book's `logout`).
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store cannot be changed.
    public func logout() throws(LinkError) {
        try Self.unlessMissing("the sign-on token could not be deleted") {
            try tokenStore.deletePassword(service: Self.service, account: Self.tokenAccount)
        }
    }

    /// Forgets everything: the token and the user name.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store cannot be changed.
    public func forgetUser() throws(LinkError) {
        try logout()
        try Self.unlessMissing("the user name could not be deleted") {
            try store.deletePassword(service: Self.service, account: Self.usernameAccount)
        }
    }

    private var tokenStore: SecureStore {
        switch policy {
        case .shareToken: store
        case .shareAccountOnly(let privateStore): privateStore
        }
    }

    private func write(_ data: Data, account: String, in store: SecureStore) throws(LinkError) {
        let item = SecureItem(
            itemClass: .genericPassword,
            attributes: SecureItemAttributes(account: account, service: Self.service, accessibility: .always),
            data: data
        )
        do {
            try store.addOrUpdate(item)
        } catch {
            throw Self.storeFailure("the \(account) could not be stored in access group \(store.accessGroup)", error)
        }
    }

    private func read(account: String, in store: SecureStore) throws(LinkError) -> Data? {
        try Self.unlessMissing("the \(account) could not be read from access group \(store.accessGroup)") {
            try store.item(matching: .genericPassword(service: Self.service, account: account)).data
        } ?? nil
    }

    static func storeFailure(_ what: String, _ error: any Error) -> LinkError {
        LinkError(.storeFailed, "\(what): \(error)")
    }

    /// Runs a secure store operation: `nil` when the item is not there, ``LinkError/Code/storeFailed`` saying that
    /// `what` (such as "the user name could not be deleted") for any other failure.
    @discardableResult
    static func unlessMissing<Result>(_ what: @autoclosure () -> String, _ body: () throws -> Result) throws(LinkError)
        -> Result?
    {
        do {
            return try body()
        } catch let error as SecureStoreError where error.status == .itemNotFound {
            return nil
        } catch {
            throw storeFailure(what(), error)
        }
    }
}
