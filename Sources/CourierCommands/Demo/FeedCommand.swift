import Courier
import Foundation

/// The demo's feed: `GET /feeds/uploads` with the logged-in user's bearer token (the book's
/// `GetFeed`, which checks the login before it sends anything). Without a token, or with one the server
/// rejects (401), the command fails with an authentication error, which the queue hands to its
/// ``AuthenticationListener``.
public struct FeedCommand: Command {
    /// The command's identity in the queue.
    public let id: CommandID
    /// The server, such as `http://127.0.0.1:8080/`.
    public var baseURL: URL
    /// The feed's path under `baseURL`.
    public var path: String

    /// Creates a feed request for `path` (default `feeds/uploads`) at `baseURL`.
    public init(baseURL: URL, path: String = "feeds/uploads", id: CommandID = .unique("feed")) {
        self.id = id
        self.baseURL = baseURL
        self.path = path
    }

    /// Fetches the feed.
    /// - Returns: the response (2xx, body collected).
    public func run(in context: CommandContext) async throws -> Response {
        try await context.send(Request(url: baseURL.appendingPathComponent(path)), authenticated: true)
    }
}
