import Foundation

/// Minimal, well-formed headers of each supported format, built byte by byte from the format specifications,
/// with the pixel data replaced by filler: enough for the sniffers, which never decode.
enum ImageFixtures {
    static func png(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += bigEndian(13, 4) + Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4)
        bytes += [8, 6, 0, 0, 0] + [0, 0, 0, 0]  // depth, colour type, methods; CRC (not checked)
        bytes += bigEndian(0, 4) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return Data(bytes)
    }

    /// A JPEG with an APP1 segment of `applicationPayload` bytes and a DQT before the SOF, then `scanBytes` of
    /// filler after the start of scan.
    static func jpeg(
        width: Int, height: Int, applicationPayload: Int = 100, frameMarker: UInt8 = 0xC0, scanBytes: Int = 64
    ) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + bigEndian(16, 2) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes +=
            [0xFF, 0xE1] + bigEndian(applicationPayload + 2, 2) + [UInt8](repeating: 0x45, count: applicationPayload)
        bytes += [0xFF, 0xDB] + bigEndian(67, 2) + [0] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xFF]  // fill byte before the next marker
        bytes += [0xFF, frameMarker] + bigEndian(17, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2)
        bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xDA] + bigEndian(12, 2) + [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        bytes += [UInt8](repeating: 0x5A, count: scanBytes) + [0xFF, 0xD9]
        return Data(bytes)
    }

    static func gif(width: Int, height: Int, frames: Int, globalColorTable: Bool = true) -> Data {
        var bytes = Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2)
        bytes += [globalColorTable ? 0xF1 : 0x00, 0, 0]
        if globalColorTable { bytes += [UInt8](repeating: 0, count: 12) }  // 4 colours
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0]  // graphic control extension
            bytes += [0x2C] + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(width, 2) + littleEndian(height, 2)
            bytes += [0x80] + [UInt8](repeating: 0, count: 6)  // local colour table of 2 colours
            bytes += [2, 255] + [UInt8](repeating: 0x11, count: 255) + [3, 1, 2, 3, 0]
        }
        bytes += [0x3B]
        return Data(bytes)
    }

    static func webpLossy(width: Int, height: Int) -> Data {
        let payload: [UInt8] = [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + littleEndian(width, 2) + littleEndian(height, 2)
        return riff(chunks: [("VP8 ", payload)])
    }

    static func webpLossless(width: Int, height: Int) -> Data {
        let bits = (width - 1) | (height - 1) << 14
        return riff(chunks: [("VP8L", [0x2F] + littleEndian(bits, 4) + [0, 0, 0])])
    }

    static func webpExtended(width: Int, height: Int, frames: Int) -> Data {
        let flags: UInt8 = frames > 0 ? 0x02 : 0x00
        var chunks: [(String, [UInt8])] = [
            ("VP8X", [flags, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3))
        ]
        if frames > 0 { chunks.append(("ANIM", [0, 0, 0, 0, 0, 0])) }
        for _ in 0..<frames { chunks.append(("ANMF", [UInt8](repeating: 7, count: 17))) }
        return riff(chunks: chunks)
    }

    /// A HEIC with a thumbnail `ispe` before the primary image's.
    static func heic(width: Int, height: Int) -> Data {
        let ftyp = box("ftyp", Array("heic".utf8) + bigEndian(0, 4) + Array("mif1heic".utf8))
        let thumbnail = box("ispe", bigEndian(0, 4) + bigEndian(160, 4) + bigEndian(120, 4))
        let primary = box("ispe", bigEndian(0, 4) + bigEndian(width, 4) + bigEndian(height, 4))
        let ipco = box("ipco", box("colr", Array("nclx".utf8) + [0, 1, 0, 1, 0, 1, 0]) + thumbnail + primary)
        let iprp = box("iprp", ipco + box("ipma", bigEndian(0, 4) + bigEndian(0, 4)))
        let meta = box("meta", bigEndian(0, 4) + box("hdlr", [UInt8](repeating: 0, count: 24)) + iprp)
        return Data(ftyp + meta + box("mdat", [UInt8](repeating: 0xAB, count: 32)))
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian(payload.count + 8, 4) + Array(type.utf8) + payload
    }

    static func riff(chunks: [(String, [UInt8])]) -> Data {
        var body = Array("WEBP".utf8)
        for (type, payload) in chunks {
            body += Array(type.utf8) + littleEndian(payload.count, 4) + payload
            if payload.count % 2 == 1 { body.append(0) }
        }
        return Data(Array("RIFF".utf8) + littleEndian(body.count, 4) + body)
    }

    static func bigEndian(_ value: Int, _ length: Int) -> [UInt8] {
        (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func littleEndian(_ value: Int, _ length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
