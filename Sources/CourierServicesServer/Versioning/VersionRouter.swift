import HTTPTypes
import Hummingbird

/// Active versioning, server side: the client says its version (`X-Client-Version: 1.3`, or the query item
/// `apiVersion=1.3`), compatibility buckets map it to an API version, and the handler answers in that
/// version (``APIVersionRequestContext/apiVersion``). The response names it in `X-API-Version`.
///
/// ```swift
/// let versions = VersionRouter<AppContext>(
///     buckets: [
///         CompatibilityBucket(from: ClientVersion(0), apiVersion: "1.0"),
///         CompatibilityBucket(from: ClientVersion(2, 0), apiVersion: "2.0"),
///     ],
///     defaultVersion: "2.0")
/// router.group("api").add(middleware: versions).get("weather/{zip}") { request, context in
///     context.apiVersion == "1.0" ? weatherV1(…) : weatherV2(…)
/// }
/// ```
///
/// - A client newer than every bucket's minimum gets the newest bucket's API (the book's "sensible default
///   for client versions higher than the maximum known").
/// - A request without a version gets ``defaultVersion``.
/// - A version that is not dotted numbers, or older than the oldest bucket, is a `400` JSON error.
public struct VersionRouter<Context: APIVersionRequestContext>: RouterMiddleware {
    /// Where the client's version is read.
    public enum Source: Sendable, Hashable {
        /// A request header.
        case header(String)
        /// A query item.
        case queryItem(String)
    }

    /// The buckets, oldest client versions first.
    public let buckets: [CompatibilityBucket]
    /// The API version of requests that name no client version.
    public let defaultVersion: String
    /// Where the version is looked for, in order.
    public let sources: [Source]
    /// The response header naming the chosen version.
    public let responseHeader: HTTPField.Name

    /// A router over `buckets` (any order; of two buckets starting at the same version, the later wins).
    ///
    /// - Parameters:
    ///   - defaultVersion: The API version of requests without a client version (and of every request when
    ///     there are no buckets).
    ///   - sources: Where the client's version is read: `X-Client-Version`, then `apiVersion`, by default.
    ///   - responseHeader: The response header naming the chosen version, `X-API-Version` by default.
    public init(
        buckets: [CompatibilityBucket], defaultVersion: String,
        sources: [Source] = [.header("X-Client-Version"), .queryItem("apiVersion")],
        responseHeader: HTTPField.Name = HTTPField.Name("X-API-Version")!
    ) {
        var unique: [ClientVersion: CompatibilityBucket] = [:]
        for bucket in buckets { unique[bucket.minimumClientVersion] = bucket }
        self.buckets = unique.values.sorted { $0.minimumClientVersion < $1.minimumClientVersion }
        self.defaultVersion = defaultVersion
        self.sources = sources
        self.responseHeader = responseHeader
    }

    /// The API version for a client version: the bucket with the greatest minimum not above it.
    /// - Throws: ``ServiceHTTPError`` 400 when the client is older than the oldest bucket.
    public func apiVersion(for clientVersion: ClientVersion) throws -> String {
        guard let oldest = self.buckets.first else { return self.defaultVersion }
        guard let bucket = self.buckets.last(where: { $0.minimumClientVersion <= clientVersion }) else {
            throw ServiceHTTPError(
                .badRequest,
                "client version \(clientVersion) is older than the oldest supported, "
                    + "\(oldest.minimumClientVersion); please upgrade")
        }
        return bucket.apiVersion
    }

    /// The API version for a client version as sent (`nil`: none sent → ``defaultVersion``).
    /// - Throws: ``ServiceHTTPError`` 400 for a version that is not dotted numbers or is too old.
    public func apiVersion(forClientVersion text: String?) throws -> String {
        guard let text else { return self.defaultVersion }
        guard let version = ClientVersion(text) else {
            throw ServiceHTTPError(
                .badRequest, "\(self.sourceName) is a dotted version such as 1.3, not \"\(text.prefix(64))\"")
        }
        return try self.apiVersion(for: version)
    }

    /// The client version a request carries, from the first source that has one.
    public func clientVersion(in request: Request) -> String? {
        for source in self.sources {
            switch source {
            case .header(let name):
                if let field = HTTPField.Name(name), let value = request.headers[field] { return value }
            case .queryItem(let name):
                if let value = request.uri.queryParameters[name[...]] { return String(value) }
            }
        }
        return nil
    }

    /// Chooses the API version for the request's client version, sets it in the context, calls `next`, and names
    /// the version in the response unless the handler already did.
    ///
    /// - Throws: An HTTP error (`400`, JSON) for a malformed client version or one older than the oldest bucket.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let chosen = try self.apiVersion(forClientVersion: self.clientVersion(in: request))
        var context = context
        context.apiVersion = chosen
        var response = try await next(request, context)
        if response.headers[self.responseHeader] == nil {
            response.headers[self.responseHeader] = chosen
        }
        return response
    }

    private var sourceName: String {
        switch self.sources.first {
        case .header(let name)?: return name
        case .queryItem(let name)?: return name
        case nil: return "the client version"
        }
    }
}
