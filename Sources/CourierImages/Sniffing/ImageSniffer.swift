import Foundation

/// Reads an image's format, pixel size and (for GIF and animated WebP) frame count from its headers alone,
/// without decoding and without reading the pixel data: a JPEG is walked segment by segment by the lengths in
/// its markers, a GIF by its sub-block lengths, a WebP by its RIFF chunks and a HEIC by its boxes.
///
/// Every walk is bounded (see ``maximumHeaderReads``): a crafted or truncated file gives an
/// ``ImageSniffError``, never a crash, a hang or a large read.
///
/// ```swift
/// if let image = try ImageSniffer.sniff(data) {
///     print(image.format, image.width, image.height)    // jpeg 4032 3024
/// }
/// ```
public enum ImageSniffer {
    /// The most reads one sniff makes before giving up with ``ImageSniffError/Reason/limitExceeded``.
    public static let maximumHeaderReads = 4096

    /// The format announced by the first bytes, or `nil` when none of the supported signatures matches.
    public static func format(of prefix: some Collection<UInt8>) -> ImageFormat? {
        let bytes = [UInt8](prefix.prefix(32))
        if bytes.starts(with: PNGSniffer.signature) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes.fourCC(at: 8) == "WEBP" {
            return .webp
        }
        if bytes.count >= 12, bytes.fourCC(at: 4) == "ftyp", HEICSniffer.isHEIFBrand(bytes.fourCC(at: 8)) {
            return .heic
        }
        return nil
    }

    /// Describes the image in `data`.
    /// - Returns: The description, or `nil` when `data` starts with none of the supported signatures.
    /// - Throws: ``ImageSniffError`` when the signature matched but the headers are truncated or malformed.
    public static func sniff(_ data: Data) throws(ImageSniffError) -> ImageDescription? {
        try sniff(DataByteSource(data))
    }

    /// Describes the image that `source` holds, reading only the headers that carry its size.
    /// - Returns: The description, or `nil` when the input starts with none of the supported signatures.
    /// - Throws: ``ImageSniffError`` when the signature matched but the headers are truncated or malformed.
    public static func sniff(_ source: any ImageByteSource) throws(ImageSniffError) -> ImageDescription? {
        let prefix = (try? source.bytes(at: 0, count: 32)) ?? []
        guard let format = format(of: prefix) else { return nil }
        var reader = HeaderReader(source: source, format: format, maximumReads: maximumHeaderReads)
        let description: ImageDescription
        switch format {
        case .png: description = try PNGSniffer.sniff(&reader)
        case .jpeg: description = try JPEGSniffer.sniff(&reader)
        case .gif: description = try GIFSniffer.sniff(&reader)
        case .webp: description = try WebPSniffer.sniff(&reader)
        case .heic: description = try HEICSniffer.sniff(&reader)
        }
        guard description.width > 0, description.height > 0 else {
            throw reader.fail(.malformed, "declares a size of \(description.width)x\(description.height)")
        }
        return description
    }
}
