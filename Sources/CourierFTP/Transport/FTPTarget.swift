import Courier
import Foundation

/// What an `ftp://` request asks for: where to connect, who to log in as, which path, and what to do.
struct FTPTarget {
    enum Operation: Equatable {
        /// `RETR`, from `offset` (a `Range: bytes=offset-` header).
        case retrieve(offset: Int64)
        /// `MLSD` (falling back to `LIST`) for a path ending in `/`.
        case list
        /// `STOR` of the request body.
        case store
    }

    var host: String
    var port: Int
    var user: String
    var password: String
    /// The path relative to the login directory (RFC 1738 §3.2.2), decoded; empty for the login directory.
    var path: String
    var operation: Operation

    /// Reads a request.
    /// - Throws: ``Courier/CourierError`` `badURL` for a URL without a host or with CR, LF or NUL in a
    ///   field that would be sent on the control connection (command injection), `unsupportedURL` for a
    ///   method FTP cannot do.
    init(_ request: Request, storedCredential: Credential? = nil) throws {
        let url = request.url
        guard let host = url.host, !host.isEmpty else {
            throw CourierError(
                .badURL, outcome: .notSent, message: "\(url.absoluteString) has no host", request: request)
        }
        self.host = host
        self.port = url.port ?? 21
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        if let user = components?.user, !user.isEmpty {
            self.user = user
            self.password = components?.password ?? ""
        } else if let fromURL = request.credentialFromURL, let user = fromURL.user, !user.isEmpty {
            // A session took `user:password@` out of the URL before the handler saw it.
            self.user = user
            self.password = fromURL.password ?? ""
        } else if let stored = storedCredential, let user = stored.user {
            self.user = user
            self.password = stored.password ?? ""
        } else {
            self.user = "anonymous"
            self.password = "courier@"
        }
        let rawPath = url.path(percentEncoded: false)
        self.path = rawPath.hasPrefix("/") ? String(rawPath.dropFirst()) : rawPath
        for field in [user, password, path]
        where field.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw CourierError(
                .badURL, outcome: .notSent,
                message: "ftp://\(host)\(rawPath.prefix(200)): a line break or NUL in the user, password or path",
                request: request)
        }
        switch request.method {
        case .get, .head:
            if rawPath.isEmpty || rawPath.hasSuffix("/") {
                operation = .list
            } else {
                operation = .retrieve(offset: Self.rangeStart(request.value(forHTTPHeaderField: "Range")) ?? 0)
            }
        case .put, .post:
            operation = .store
        default:
            throw CourierError(
                .unsupportedURL, outcome: .notSent, message: "FTP cannot do \(request.method.rawValue)",
                request: request)
        }
        if case .list = operation { path = path.hasSuffix("/") ? String(path.dropLast()) : path }
    }

    /// `N` from `bytes=N-`; other ranges are not expressible with `REST` and are ignored.
    private static func rangeStart(_ header: String?) -> Int64? {
        guard let header, header.hasPrefix("bytes="), header.hasSuffix("-") else { return nil }
        return Int64(header.dropFirst(6).dropLast())
    }
}
