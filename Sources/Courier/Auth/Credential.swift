import Foundation

/// A credential answering a challenge: a user name and password, a token, or acceptance of a server's
/// trust. Secrets never appear in `description` or logs.
public struct Credential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// How long a credential is kept when it is stored.
    public enum Persistence: String, Sendable, Hashable, Codable {
        /// Used for this request only, never stored.
        case none
        /// Kept in memory for the session's life.
        case forSession
        /// Kept encrypted on disk (the secure store) and found again by a new process.
        case permanent
    }

    enum Kind: Sendable, Hashable {
        case password(user: String, password: String)
        case token(String)
        case serverTrust
    }

    let kind: Kind
    /// How long the credential is kept once it is used (``Persistence/forSession`` by default).
    public var persistence: Persistence

    /// A user name and password.
    public static func user(_ user: String, password: String, persistence: Persistence = .forSession) -> Credential {
        Credential(kind: .password(user: user, password: password), persistence: persistence)
    }

    /// A bearer token (RFC 6750).
    public static func token(_ token: String, persistence: Persistence = .forSession) -> Credential {
        Credential(kind: .token(token), persistence: persistence)
    }

    /// Acceptance of the server's certificate chain (answers a server-trust challenge).
    public static let serverTrust = Credential(kind: .serverTrust, persistence: .none)

    /// The user name, for password credentials.
    public var user: String? {
        if case .password(let user, _) = kind { return user }
        return nil
    }

    /// The password, for password credentials.
    public var password: String? {
        if case .password(_, let password) = kind { return password }
        return nil
    }

    /// The token, for token credentials.
    public var token: String? {
        if case .token(let token) = kind { return token }
        return nil
    }

    /// The kind of credential and the user name, never the password or token.
    public var description: String {
        switch kind {
        case .password(let user, _): return "Credential(user: \(user), password: <redacted>, \(persistence))"
        case .token: return "Credential(token: <redacted>, \(persistence))"
        case .serverTrust: return "Credential(serverTrust)"
        }
    }

    /// The same as ``description``: secrets stay out of debug output too.
    public var debugDescription: String { description }
}
