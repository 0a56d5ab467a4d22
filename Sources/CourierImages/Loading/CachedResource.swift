import Foundation

/// A resource's bytes with their sniffed description, as the memory cache keeps them so a hit needs no
/// sniffing.
public struct CachedResource: Sendable {
    /// The bytes.
    public var data: Data
    /// What the bytes are.
    public var description: ResourceDescription

    /// Creates an entry, sniffing `data`.
    public init(data: Data) {
        self.init(data: data, description: ResourceDescription(sniffing: data))
    }

    /// Creates an entry with a known description.
    public init(data: Data, description: ResourceDescription) {
        self.data = data
        self.description = description
    }
}
