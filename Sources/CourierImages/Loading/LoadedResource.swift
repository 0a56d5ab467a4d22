import Foundation

/// The result of ``ResourceLoader/load(_:options:)``: the bytes, what they are and where they came from.
public struct LoadedResource: Sendable {
    /// The URL that was asked for.
    public var url: URL
    /// The bytes of the resource.
    public var data: Data
    /// What the headers of the bytes say (format and size for an image).
    public var description: ResourceDescription
    /// The memory cache, the disk cache or the network.
    public var source: ResourceSource

    /// Creates a result.
    public init(url: URL, data: Data, description: ResourceDescription, source: ResourceSource) {
        self.url = url
        self.data = data
        self.description = description
        self.source = source
    }

    /// The image description, when the resource is a well-formed image.
    public var image: ImageDescription? { description.image }
}
