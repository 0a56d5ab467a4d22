import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Images for the resource loader (the textbook's SDWebImage section): `GET /images/NAME-WIDTHxHEIGHT.EXT`
/// (`.png`, `.jpg`, `.gif`) answers a file whose header is correct for its format and size — what
/// `CourierImages` sniffs — padded to `?bytes=N` (default 4 096, at most 16 MiB). The pixels are not
/// drawn: these are placeholders for loading, caching and sniffing, not for display. Cacheable for a day,
/// with a strong ETag; `/images/broken.png` is a 500, for the failed-URL list.
enum ImageRoutes {
    /// The largest padding `?bytes=` may ask for.
    static let maximumSize = 16 << 20

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.get("/images/{file}") { request, context -> Response in
            let file = try context.parameters.require("file")
            if file == "broken.png" { throw SampleError(.internalServerError, "this image is broken on purpose") }
            let size = SampleHTTP.query(request, "bytes").map { Int($0) } ?? 4096
            guard let size, (64...maximumSize).contains(size) else {
                throw SampleError.badRequest("bytes is between 64 and \(maximumSize)")
            }
            guard let image = self.image(named: file, size: size) else {
                throw SampleError(
                    .notFound, "image names are NAME-WIDTHxHEIGHT.png, .jpg or .gif, e.g. /images/photo-640x480.jpg")
            }
            let tag = "\"\(file)-\(size)\""
            if SampleHTTP.header(request, "If-None-Match") == tag {
                return Response(status: .notModified, headers: [.eTag: tag])
            }
            return SampleHTTP.bytes(
                ByteBuffer(bytes: image.bytes), contentType: image.contentType,
                headers: [.eTag: tag, .cacheControl: "public, max-age=86400"])
        }
    }

    /// The bytes and media type of an image name, or `nil` when the name is not of the form.
    static func image(named file: String, size: Int) -> (bytes: [UInt8], contentType: String)? {
        guard let dot = file.lastIndex(of: "."), let dash = file[..<dot].lastIndex(of: "-") else { return nil }
        let dimensions = file[file.index(after: dash)..<dot].split(separator: "x")
        guard dimensions.count == 2, let width = UInt16(dimensions[0]), let height = UInt16(dimensions[1]),
            width > 0, height > 0
        else { return nil }
        let header: [UInt8]
        let contentType: String
        switch file[file.index(after: dot)...].lowercased() {
        case "png":
            (header, contentType) = (png(width: width, height: height), "image/png")
        case "jpg", "jpeg":
            (header, contentType) = (jpeg(width: width, height: height), "image/jpeg")
        case "gif":
            (header, contentType) = (gif(width: width, height: height), "image/gif")
        default:
            return nil
        }
        // The padding is deterministic, so one name always has one body (and one ETag).
        var padding = [UInt8](repeating: 0, count: max(0, size - header.count))
        var seed = UInt32(width) &* 2_654_435_761 ^ UInt32(height)
        for index in padding.indices {
            seed = seed &* 1_103_515_245 &+ 12_345
            padding[index] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        return (header + padding, contentType)
    }

    /// PNG signature, `IHDR` (8-bit RGBA) and `IEND`, with their CRCs.
    static func png(width: UInt16, height: UInt16) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IEND", [])
    }

    /// Start of image, a JFIF `APP0` segment and a baseline `SOF0` frame header for three components.
    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let sof0: [UInt8] =
            [0xFF, 0xC0, 0x00, 0x11, 8] + bigEndian16(height) + bigEndian16(width)
            + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + app0 + sof0
    }

    /// `GIF89a`, the logical screen, one image descriptor with an empty image and the trailer.
    static func gif(width: UInt16, height: UInt16) -> [UInt8] {
        let screen = littleEndian16(width) + littleEndian16(height) + [0, 0, 0]
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0] + littleEndian16(width) + littleEndian16(height) + [0, 2, 0]
        return Array("GIF89a".utf8) + screen + frame + [0x3B]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    static func bigEndian16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    static func littleEndian16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }

    /// CRC-32 (ISO-HDLC, as PNG uses).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
