import Courier
import Foundation

/// The demo's login: `POST /auth/login` with `{"username": …, "password": …}`; the answer
/// `{"token": "…"}` becomes the bearer token of ``CommandContext/credentials``.
///
/// It is a login command (``Command/isLogin``): a wrong password fails it with the server's 401 and never
/// opens another login.
public struct LoginCommand: Command {
    /// The command's identity in the queue.
    public let id: CommandID
    /// The server, such as `http://127.0.0.1:8080/`.
    public var baseURL: URL
    /// The user name sent to the server.
    public var username: String
    /// The password sent to the server (over whatever `baseURL` uses: prefer `https`).
    public var password: String

    /// Creates a login for `username` at `baseURL`.
    public init(baseURL: URL, username: String, password: String, id: CommandID = .unique("login")) {
        self.id = id
        self.baseURL = baseURL
        self.username = username
        self.password = password
    }

    /// `true`: a failed login goes back to its caller, never to the ``AuthenticationListener``.
    public var isLogin: Bool { true }

    /// Logs in and stores the token.
    /// - Returns: the token.
    /// - Throws: the server's 401 (wrong credentials), transport errors, and `cannotParseResponse` when the
    ///   answer has no token.
    public func run(in context: CommandContext) async throws -> String {
        var request = Request(url: baseURL.appendingPathComponent("auth/login"), method: .post)
        request.body = .json(["username": username, "password": password])
        let response = try await context.send(request)
        struct Answer: Decodable { var token: String }
        let token = try response.decode(Answer.self).token
        guard !token.isEmpty else {
            throw CourierError(
                .cannotParseResponse, kind: .payload, outcome: .failed,
                message: "the login answer has an empty token", response: response)
        }
        context.credentials.setToken(token)
        return token
    }
}
