import Courier
import Foundation

/// One service of a locator document: the key a client matches on (`name` and `version`), where it lives
/// (`url`) and whatever else the document says about it.
///
/// ```json
/// {"name": "weather", "url": "https://api.example.com/api/2.0/weather", "version": 2, "outputFormat": "json"}
/// ```
public struct ServiceEntry: Sendable, Hashable {
    /// The service's name as the document spells it (lookups ignore case).
    public var name: String
    /// The endpoint: an absolute `http` or `https` URL.
    public var url: URL
    /// The API version, a whole number.
    public var version: Int
    /// Every other member of the entry (input or output format, device class, security level, …), as
    /// the document gave it.
    public var metadata: [String: JSONValue]

    /// Creates an entry.
    public init(name: String, url: URL, version: Int, metadata: [String: JSONValue] = [:]) {
        self.name = name
        self.url = url
        self.version = version
        self.metadata = metadata
    }

    /// The metadata member `key` when it is a string (`entry.stringMetadata("outputFormat") == "json"`).
    public func stringMetadata(_ key: String) -> String? {
        self.metadata[key]?.stringValue
    }
}
