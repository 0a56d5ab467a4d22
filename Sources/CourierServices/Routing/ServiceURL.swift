import Courier
import Foundation

/// A `service://name/version/path?query` URL: a request for a service by the name and version a locator
/// document lists, instead of by its address.
///
/// ```swift
/// let url = try ServiceURL(URL(string: "service://stockQuote/2/AAPL?source=xml")!)
/// // name "stockQuote", version 2, path "/AAPL", query "source=xml"
/// try url.resolved(against: URL(string: "https://api.example.com/api/2.0/stockquote")!)
/// // https://api.example.com/api/2.0/stockquote/AAPL?source=xml
/// ```
public struct ServiceURL: Sendable, Hashable {
    /// The URL scheme, `service`.
    public static let scheme = "service"

    /// The service's name (the URL's host).
    public var name: String
    /// The version, a whole number (the first path segment).
    public var version: Int
    /// The rest of the path, percent-encoded, starting with `/` (or empty).
    public var path: String
    /// The query, percent-encoded, without `?`.
    public var query: String?

    /// A service URL from its parts; `path` and `query` are taken as already percent-encoded.
    public init(name: String, version: Int, path: String = "", query: String? = nil) {
        self.name = name
        self.version = version
        self.path = path.isEmpty || path.hasPrefix("/") ? path : "/" + path
        self.query = query
    }

    /// Reads a `service://name/version/path?query` URL.
    /// - Throws: ``CourierError`` with code `badURL` (outcome `notSent`) for another scheme, a missing name,
    ///   a user, password or port, or a first path segment that is not a whole-number version.
    public init(_ url: URL) throws {
        func failure(_ reason: String) -> CourierError {
            CourierError(
                .badURL, outcome: .notSent,
                message: "\"\(url.absoluteString)\" is not a service URL: \(reason); write service://NAME/VERSION/PATH")
        }
        guard url.scheme?.lowercased() == Self.scheme else { throw failure("the scheme is not service") }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw failure("it cannot be parsed")
        }
        guard let host = components.host, !host.isEmpty else { throw failure("it names no service") }
        guard components.user == nil, components.password == nil, components.port == nil else {
            throw failure("a service URL has no user, password or port")
        }
        let path = components.percentEncodedPath
        let afterSlash = path.hasPrefix("/") ? path.dropFirst() : path[...]
        let versionText = afterSlash.prefix { $0 != "/" }
        guard !versionText.isEmpty else { throw failure("it has no version after the service name") }
        guard versionText.count <= 9, versionText.allSatisfy({ $0.isASCII && $0.isNumber }),
            let version = Int(versionText)
        else {
            throw failure("the version \"\(versionText)\" is not a whole number")
        }
        self.name = components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? host
        self.version = version
        self.path = String(afterSlash.dropFirst(versionText.count))
        self.query = components.percentEncodedQuery
    }

    /// `service://name/version/path?query`, or `nil` when the name cannot be a URL host.
    public var url: URL? {
        URL(string: "\(Self.scheme)://\(self.name)/\(self.version)\(self.path)" + (self.query.map { "?" + $0 } ?? ""))
    }

    /// The endpoint this URL means when the service lives at `base`: the path appended to the base's path,
    /// the query appended to the base's query. The fragment is dropped (it is never sent).
    /// - Throws: ``CourierError`` with code `badURL` when the result is not a valid URL.
    public func resolved(against base: URL) throws -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw CourierError(
                .badURL, outcome: .notSent, message: "the service URL \"\(base.absoluteString)\" cannot be parsed")
        }
        if !self.path.isEmpty {
            var basePath = components.percentEncodedPath
            while basePath.hasSuffix("/") { basePath.removeLast() }
            components.percentEncodedPath = basePath + self.path
        }
        if let query = self.query, !query.isEmpty {
            let existing = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 }
            components.percentEncodedQuery = existing.map { $0 + "&" + query } ?? query
        }
        components.fragment = nil
        guard let resolved = components.url else {
            throw CourierError(
                .badURL, outcome: .notSent,
                message: "service://\(self.name)/\(self.version)\(self.path) does not make a valid URL with \(base)")
        }
        return resolved
    }
}
