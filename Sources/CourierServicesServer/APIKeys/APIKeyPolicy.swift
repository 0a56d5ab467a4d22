import HTTPTypes
import Hummingbird

/// Which API keys are valid, where a request carries its key, and whether callers without one are let in.
///
/// ```swift
/// let policy = APIKeyPolicy(keys: ["courier-demo-key"], allowsAnonymous: true)
/// let header = APIKeyPolicy(keys: keys, locations: [.header("X-API-Key"), .queryItem("apiKey")])
/// ```
public struct APIKeyPolicy: Sendable {
    /// Where a key may travel.
    public enum Location: Sendable, Hashable {
        /// A request header, `X-API-Key` by default.
        case header(String)
        /// A query item.
        case queryItem(String)
    }

    /// The keys that are accepted.
    public var keys: Set<String>
    /// Where a key is looked for, in order; the first place that has one wins.
    public var locations: [Location]
    /// Whether a request without any key is let in as ``APICaller/anonymous`` (the books' clients send no
    /// key; a rate limit then gives anonymous callers their own, smaller quota).
    public var allowsAnonymous: Bool

    /// A policy accepting `keys` from `locations` (the `X-API-Key` header by default).
    public init(keys: Set<String>, locations: [Location] = [.header("X-API-Key")], allowsAnonymous: Bool = false) {
        self.keys = keys
        self.locations = locations
        self.allowsAnonymous = allowsAnonymous
    }

    /// Who sent `request`.
    /// - Throws: ``ServiceHTTPError`` 401 when the key is unknown, or when there is none and the policy has
    ///   no anonymous tier.
    public func caller(of request: Request) throws -> APICaller {
        guard let key = self.presentedKey(in: request) else {
            if self.allowsAnonymous { return .anonymous }
            throw ServiceHTTPError(.unauthorized, "an API key is required (\(self.locationNames))")
        }
        guard self.keys.contains(key) else { throw ServiceHTTPError(.unauthorized, "unknown API key") }
        return .key(key)
    }

    /// The key the request presents, from the first location that has one.
    public func presentedKey(in request: Request) -> String? {
        for location in self.locations {
            switch location {
            case .header(let name):
                guard let field = HTTPField.Name(name), let value = request.headers[field] else { continue }
                return value
            case .queryItem(let name):
                guard let value = request.uri.queryParameters[name[...]] else { continue }
                return String(value)
            }
        }
        return nil
    }

    private var locationNames: String {
        self.locations.map { location in
            switch location {
            case .header(let name): return "header \(name)"
            case .queryItem(let name): return "query item \(name)"
            }
        }.joined(separator: " or ")
    }
}
