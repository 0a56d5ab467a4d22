import Courier
import Foundation

/// A parsed service locator document: `{"services":[{"name","url","version", …metadata}, …]}`.
///
/// Parsing is strict on purpose: an entry without a name, an absolute `http(s)` URL or a whole-number
/// version, or two entries for the same name and version, make the whole document unreadable. A
/// locator that silently dropped a broken entry would send the app to a missing endpoint; refusing the
/// document instead keeps the last good copy in use (``ServiceLocator`` marks it stale).
///
/// ```swift
/// let document = try ServiceDocument(parsing: data)
/// let url = document.url(for: "StockQuote", version: 2)  // names ignore case
/// ```
public struct ServiceDocument: Sendable, Hashable {
    /// The services in the order the document lists them.
    public let services: [ServiceEntry]
    /// `lowercased name` → version → index into ``services``.
    private let index: [String: [Int: Int]]

    /// The largest document read by default (1 MiB): a locator lists endpoints, not data.
    public static let defaultMaximumSize = 1024 * 1024

    /// Creates a document from entries.
    /// - Throws: ``ServiceLocatorError`` (`couldNotParse`) when two entries share a name (ignoring case) and
    ///   version.
    public init(services: [ServiceEntry]) throws {
        self.services = services
        self.index = try Self.makeIndex(services, url: nil)
    }

    /// `lowercased name` → version → position, refusing a name and version listed twice.
    private static func makeIndex(_ services: [ServiceEntry], url: URL?) throws -> [String: [Int: Int]] {
        var index: [String: [Int: Int]] = [:]
        for (position, entry) in services.enumerated() {
            let key = entry.name.lowercased()
            if index[key]?[entry.version] != nil {
                throw ServiceLocatorError(
                    .couldNotParse, url: url,
                    reason: "service \(position + 1) repeats \"\(entry.name)\" version \(entry.version)")
            }
            index[key, default: [:]][entry.version] = position
        }
        return index
    }

    /// Parses a locator document.
    /// - Parameter url: The document's address, named in errors.
    /// - Throws: ``ServiceLocatorError`` (`couldNotParse`) naming the first problem: not JSON, no
    ///   `services` array, or the entry (by position and name) and member that is missing or wrong.
    public init(parsing data: Data, url: URL? = nil) throws {
        func failure(_ reason: String, _ underlying: (any Error)? = nil) -> ServiceLocatorError {
            ServiceLocatorError(.couldNotParse, url: url, reason: reason, underlyingError: underlying)
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: data, maximumDepth: 64)
        } catch {
            throw failure("the document is not JSON (\(error))", error)
        }
        guard case .object(let object) = root else { throw failure("the document is not a JSON object") }
        guard let list = object["services"] else { throw failure("the document has no \"services\" array") }
        guard let items = list.arrayValue else { throw failure("\"services\" is not an array") }
        var entries: [ServiceEntry] = []
        entries.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            let label = "service \(position + 1)"
            guard let members = item.objectValue else { throw failure("\(label) is not an object") }
            guard let name = members["name"]?.stringValue, !name.isEmpty else {
                throw failure("\(label) has no \"name\" string")
            }
            let named = "\(label) (\(name))"
            guard let urlText = members["url"]?.stringValue else { throw failure("\(named) has no \"url\" string") }
            guard let endpoint = URL(string: urlText), let scheme = endpoint.scheme?.lowercased(),
                scheme == "http" || scheme == "https", endpoint.host?.isEmpty == false
            else {
                throw failure("\(named) has \"url\" \"\(urlText)\", which is not an absolute http or https URL")
            }
            guard let versionValue = members["version"] else { throw failure("\(named) has no \"version\"") }
            guard let version = versionValue.intValue, version >= 0 else {
                throw failure("\(named) has a \"version\" that is not a whole number ≥ 0")
            }
            var metadata: [String: JSONValue] = [:]
            for (key, value) in members where key != "name" && key != "url" && key != "version" {
                metadata[key] = value
            }
            entries.append(ServiceEntry(name: name, url: endpoint, version: version, metadata: metadata))
        }
        self.services = entries
        self.index = try Self.makeIndex(entries, url: url)
    }

    /// The entry for `name` (ignoring case) and exactly `version`, or `nil`.
    public func entry(for name: String, version: Int) -> ServiceEntry? {
        guard let position = self.index[name.lowercased()]?[version] else { return nil }
        return self.services[position]
    }

    /// The URL of `name` (ignoring case) at exactly `version`, or `nil` when the document lists no such
    /// service.
    public func url(for name: String, version: Int) -> URL? {
        self.entry(for: name, version: version)?.url
    }

    /// The versions listed for `name` (ignoring case), lowest first; empty when there is no such service.
    public func versions(of name: String) -> [Int] {
        (self.index[name.lowercased()].map { Array($0.keys) } ?? []).sorted()
    }

    /// Two documents are equal when they list the same services.
    public static func == (lhs: ServiceDocument, rhs: ServiceDocument) -> Bool { lhs.services == rhs.services }

    /// Hashes the listed services.
    public func hash(into hasher: inout Hasher) { hasher.combine(self.services) }
}
