/// The PNG size: the signature, then the `IHDR` chunk, which the standard puts first.
enum PNGSniffer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func sniff(_ reader: inout HeaderReader) throws(ImageSniffError) -> ImageDescription {
        let header = try reader.read(24, at: 0, what: "the IHDR chunk")
        guard header.fourCC(at: 12) == "IHDR", header.bigEndian(at: 8, length: 4) == 13 else {
            throw reader.fail(.malformed, "the first chunk is not a 13-byte IHDR")
        }
        return ImageDescription(
            format: .png, width: header.bigEndian(at: 16, length: 4), height: header.bigEndian(at: 20, length: 4))
    }
}
