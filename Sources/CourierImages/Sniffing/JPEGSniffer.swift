/// The JPEG size from the first start-of-frame (`SOFn`) segment, found by hopping from marker to marker by
/// the segment lengths, so an Exif thumbnail or an ICC profile before it is skipped, not read.
enum JPEGSniffer {
    static func sniff(_ reader: inout HeaderReader) throws(ImageSniffError) -> ImageDescription {
        var offset = 2
        while true {
            try reader.step("segments")
            let marker = try reader.read(2, at: offset, what: "a segment marker")
            guard marker[0] == 0xFF else {
                throw reader.fail(.malformed, "expected a marker at offset \(offset), found 0x\(hex(marker[0]))")
            }
            switch marker[1] {
            case 0xFF:
                // A fill byte: markers may be preceded by any number of 0xFF.
                offset += 1
                continue
            case 0x01, 0xD0...0xD7:
                offset += 2
                continue
            case 0xD9:
                throw reader.fail(.malformed, "end of image before any frame header")
            case 0xDA:
                throw reader.fail(.malformed, "scan data before any frame header")
            default:
                break
            }
            let length = try reader.read(2, at: offset + 2, what: "a segment length").bigEndian(at: 0, length: 2)
            guard length >= 2 else {
                throw reader.fail(.malformed, "segment 0x\(hex(marker[1])) at offset \(offset) has length \(length)")
            }
            if isStartOfFrame(marker[1]) {
                let frame = try reader.read(5, at: offset + 4, what: "the frame header")
                return ImageDescription(
                    format: .jpeg, width: frame.bigEndian(at: 3, length: 2), height: frame.bigEndian(at: 1, length: 2))
            }
            offset += 2 + length
        }
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
