import Foundation

/// What the bytes of a loaded resource are, as far as their headers tell.
public enum ResourceDescription: Sendable, Hashable, CustomStringConvertible {
    /// An image whose format and size the headers gave.
    case image(ImageDescription)
    /// An image signature followed by headers that are truncated or malformed.
    case malformedImage(ImageSniffError)
    /// No supported image signature: some other kind of resource.
    case unrecognized

    /// Sniffs `data` with ``ImageSniffer``.
    public init(sniffing data: Data) {
        do {
            self = try ImageSniffer.sniff(data).map(Self.image) ?? .unrecognized
        } catch {
            self = .malformedImage(error)
        }
    }

    /// The image description, when the resource is a well-formed image.
    public var image: ImageDescription? {
        if case .image(let image) = self { return image }
        return nil
    }

    /// The image description, `malformed <format>: <reason>` or `unrecognized`.
    public var description: String {
        switch self {
        case .image(let image): image.description
        case .malformedImage(let error): "malformed \(error)"
        case .unrecognized: "unrecognized"
        }
    }
}
