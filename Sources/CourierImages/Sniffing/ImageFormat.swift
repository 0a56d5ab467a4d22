/// An image container format that ``ImageSniffer`` recognises from its first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Portable Network Graphics (PNG signature, `IHDR` chunk).
    case png
    /// JPEG / JFIF / Exif (`FFD8` start of image, size from the `SOFn` frame header).
    case jpeg
    /// GIF 87a or 89a, possibly animated.
    case gif
    /// WebP in its lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) form.
    case webp
    /// HEIF/HEIC (an ISO base media file whose size is in the `ispe` property).
    case heic

    /// The lowercase name printed by the CLI (`png`, `jpeg`, …).
    public var description: String { rawValue }
}
