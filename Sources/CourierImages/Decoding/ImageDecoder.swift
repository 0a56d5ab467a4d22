import Foundation

/// Real decoding, plugged in by an application (CourierImages itself reads only headers: Linux has no
/// platform image framework).
///
/// ```swift
/// struct PNGDecoder: ImageDecoder {
///     func canDecode(_ image: ImageDescription) -> Bool { image.format == .png }
///     func decode(_ data: Data, described image: ImageDescription) throws -> Bitmap { try Bitmap(png: data) }
/// }
/// let (resource, bitmap) = try await loader.loadImage(url, decoder: PNGDecoder())
/// ```
public protocol ImageDecoder: Sendable {
    /// What the decoder produces (a bitmap, a texture, a thumbnail).
    associatedtype Image: Sendable

    /// Whether this decoder handles images like `image`.
    func canDecode(_ image: ImageDescription) -> Bool

    /// Decodes `data`, whose headers ``ImageSniffer`` read as `image`.
    /// - Throws: Whatever the decoder reports for data it cannot decode.
    func decode(_ data: Data, described image: ImageDescription) throws -> Image
}
