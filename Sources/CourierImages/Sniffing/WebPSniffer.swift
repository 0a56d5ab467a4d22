/// The WebP size from its first RIFF chunk: `VP8 ` (lossy key frame header), `VP8L` (lossless header) or
/// `VP8X` (extended canvas); for an animated `VP8X` file, the `ANMF` chunks are counted by hopping over them.
enum WebPSniffer {
    static func sniff(_ reader: inout HeaderReader) throws(ImageSniffError) -> ImageDescription {
        let riff = try reader.read(20, at: 0, what: "the RIFF header and first chunk header")
        let riffEnd = 8 + riff.littleEndian(at: 4, length: 4)
        let chunk = riff.fourCC(at: 12)
        let chunkSize = riff.littleEndian(at: 16, length: 4)
        switch chunk {
        case "VP8 ":
            let frame = try reader.read(10, at: 20, what: "the VP8 frame header")
            guard frame[3] == 0x9D, frame[4] == 0x01, frame[5] == 0x2A else {
                throw reader.fail(.malformed, "the VP8 key frame start code is missing")
            }
            return ImageDescription(
                format: .webp, width: frame.littleEndian(at: 6, length: 2) & 0x3FFF,
                height: frame.littleEndian(at: 8, length: 2) & 0x3FFF)
        case "VP8L":
            let header = try reader.read(5, at: 20, what: "the VP8L header")
            guard header[0] == 0x2F else { throw reader.fail(.malformed, "the VP8L signature byte is missing") }
            let bits = header.littleEndian(at: 1, length: 4)
            return ImageDescription(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            let header = try reader.read(10, at: 20, what: "the VP8X header")
            let width = header.littleEndian(at: 4, length: 3) + 1
            let height = header.littleEndian(at: 7, length: 3) + 1
            guard header[0] & 0x02 != 0 else { return ImageDescription(format: .webp, width: width, height: height) }
            let frames = try countFrames(&reader, from: 20 + padded(chunkSize), riffEnd: riffEnd)
            return ImageDescription(format: .webp, width: width, height: height, frameCount: frames)
        default:
            throw reader.fail(.malformed, "unknown first chunk \"\(chunk)\"")
        }
    }

    /// The number of `ANMF` chunks between `offset` and the end of the RIFF container.
    private static func countFrames(
        _ reader: inout HeaderReader, from offset: Int, riffEnd: Int
    ) throws(ImageSniffError) -> Int {
        var offset = offset
        var frames = 0
        while offset + 8 <= riffEnd {
            try reader.step("chunks")
            let header = try reader.read(8, at: offset, what: "a chunk header")
            if header.fourCC(at: 0) == "ANMF" { frames += 1 }
            offset += 8 + padded(header.littleEndian(at: 4, length: 4))
        }
        guard frames > 0 else { throw reader.fail(.malformed, "animated, but holds no ANMF frame") }
        return frames
    }

    /// Chunk payloads are padded to an even length.
    private static func padded(_ size: Int) -> Int { size + (size & 1) }
}
