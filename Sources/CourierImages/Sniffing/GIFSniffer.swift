/// The GIF size from the logical screen descriptor and the frame count from the image descriptors, walking the
/// blocks by their sub-block lengths without decoding the LZW data.
enum GIFSniffer {
    static func sniff(_ reader: inout HeaderReader) throws(ImageSniffError) -> ImageDescription {
        let screen = try reader.read(13, at: 0, what: "the logical screen descriptor")
        var offset = 13 + colorTableSize(flags: screen[10])
        var frames = 0
        while true {
            try reader.step("blocks")
            let introducer = try reader.read(1, at: offset, what: "a block introducer")[0]
            switch introducer {
            case 0x2C:
                let descriptor = try reader.read(10, at: offset, what: "an image descriptor")
                frames += 1
                offset += 10 + colorTableSize(flags: descriptor[9]) + 1  // + the LZW minimum code size byte
                offset = try skipSubBlocks(&reader, from: offset)
            case 0x21:
                offset = try skipSubBlocks(&reader, from: offset + 2)
            case 0x3B:
                guard frames > 0 else { throw reader.fail(.malformed, "the trailer comes before any image") }
                return ImageDescription(
                    format: .gif, width: screen.littleEndian(at: 6, length: 2),
                    height: screen.littleEndian(at: 8, length: 2), frameCount: frames)
            default:
                throw reader.fail(
                    .malformed, "unknown block introducer 0x\(String(introducer, radix: 16)) at \(offset)")
            }
        }
    }

    /// Bytes of the color table that follows a descriptor whose packed field is `flags`.
    private static func colorTableSize(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after the sub-blocks starting at `offset` (each a length byte and that many bytes, ended by
    /// a zero length).
    private static func skipSubBlocks(_ reader: inout HeaderReader, from offset: Int) throws(ImageSniffError) -> Int {
        var offset = offset
        while true {
            try reader.step("blocks")
            let length = Int(try reader.read(1, at: offset, what: "a sub-block length")[0])
            offset += 1 + length
            if length == 0 { return offset }
        }
    }
}
