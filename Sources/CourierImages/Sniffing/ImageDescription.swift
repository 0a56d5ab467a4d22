/// What the headers of an image say about it, read without decoding any pixel.
public struct ImageDescription: Sendable, Hashable, CustomStringConvertible {
    /// The container format.
    public var format: ImageFormat
    /// The width in pixels, as the header declares it.
    public var width: Int
    /// The height in pixels, as the header declares it.
    public var height: Int
    /// The number of frames when the format says (GIF image descriptors, WebP `ANMF` chunks); `nil` when the
    /// headers do not count frames (a still PNG, JPEG or HEIC is one frame, but the header does not say so).
    public var frameCount: Int?

    /// Creates a description.
    public init(format: ImageFormat, width: Int, height: Int, frameCount: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
    }

    /// Whether the image has more than one frame.
    public var isAnimated: Bool { (frameCount ?? 1) > 1 }

    /// `FORMAT WIDTHxHEIGHT`, with the frame count for animations (`gif 320x240 12 frames`).
    public var description: String {
        let size = "\(format) \(width)x\(height)"
        guard let frameCount, frameCount > 1 else { return size }
        return size + " \(frameCount) frames"
    }
}
