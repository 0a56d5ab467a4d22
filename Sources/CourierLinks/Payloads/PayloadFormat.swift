/// How ``LinkPayload`` serializes a `Codable` value before base64url.
public enum PayloadFormat: String, Sendable, Hashable, CaseIterable {
    /// JSON (`JSONEncoder`, keys sorted so equal values give equal URLs).
    case json
    /// A binary property list (`PropertyListEncoder`), the book's `NSPropertyListSerialization`.
    case propertyList
}
