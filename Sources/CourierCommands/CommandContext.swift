import Courier
import Foundation
import Synchronization

/// What a command runs with: the session, the reachability source and the user's credentials, and the
/// checks the book has a command make before it sends anything — is there a network, is the user logged
/// in — so a request that cannot succeed is never sent.
///
/// ```swift
/// func run(in context: CommandContext) async throws -> Response {
///     try await context.send(Request(url: feedURL), authenticated: true)
/// }
/// ```
public struct CommandContext: Sendable {
    /// The session commands send their requests with.
    public let session: Session
    /// Where the network check looks; `nil` skips it.
    public let reachability: (any ReachabilitySource)?
    /// The logged-in user's token, shared by all commands of the queue.
    public let credentials: CommandCredentials

    /// Creates a context.
    public init(
        session: Session, reachability: (any ReachabilitySource)? = nil,
        credentials: CommandCredentials = CommandCredentials()
    ) {
        self.session = session
        self.reachability = reachability
        self.credentials = credentials
    }

    /// Checks that the network allows a connection to `host` (any network when `nil`).
    /// - Throws: `notConnectedToInternet` (outcome `.notSent`) when reachability says there is none — the
    ///   queue hands that to its ``ConnectivityListener``.
    public func requireNetwork(for host: String? = nil) async throws {
        guard let reachability else { return }
        let status = await reachability.currentStatus()
        guard status.allowsConnection(to: host) else {
            throw CourierError(
                .notConnectedToInternet, outcome: .notSent,
                message: "no network (\(status)); the request to \(host ?? "the server") was not sent")
        }
    }

    /// The logged-in user's token.
    /// - Throws: `userAuthenticationRequired` (outcome `.notSent`) when nobody is logged in — the queue
    ///   hands that to its ``AuthenticationListener``.
    public func requireAuthentication() throws -> String {
        guard let token = credentials.token else {
            throw CourierError(
                .userAuthenticationRequired, outcome: .notSent,
                message: "this request needs a logged-in user; log in first")
        }
        return token
    }

    /// Sends a request the way commands should: network check, then (with `authenticated`) the login check
    /// and an `Authorization: Bearer` header, then the request, then a status check.
    /// - Returns: the response, with a 2xx status and its body collected.
    /// - Throws: the checks' errors, the session's errors, and `unacceptableStatusCode` (kind
    ///   `.http(status:)`) for any other status — a 401 goes to the authentication listener.
    public func send(_ request: Request, authenticated: Bool = false) async throws -> Response {
        try await requireNetwork(for: request.url.host)
        var request = request
        if authenticated {
            // setValue refuses a token with CR, LF or NUL: what a server sent cannot inject headers.
            try request.setValue("Bearer \(try requireAuthentication())", forHTTPHeaderField: "Authorization")
        }
        return try await session.data(for: request).validate(statusCode: 200..<300)
    }
}

/// The logged-in state the command pattern's checks and login commands share: a bearer token.
public final class CommandCredentials: Sendable {
    private let storage: Mutex<String?>

    /// Starts logged in with `token`, or logged out.
    public init(token: String? = nil) {
        storage = Mutex(token)
    }

    /// The token, when somebody is logged in.
    public var token: String? { storage.withLock { $0 } }

    /// Whether somebody is logged in.
    public var isAuthenticated: Bool { token != nil }

    /// Records a login (a login command calls this).
    public func setToken(_ token: String) {
        storage.withLock { $0 = token }
    }

    /// Forgets the token.
    public func signOut() {
        storage.withLock { $0 = nil }
    }
}
