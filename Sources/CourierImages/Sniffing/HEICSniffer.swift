/// The HEIC size from the image spatial extents (`ispe`) property, found through the box path
/// `meta` → `iprp` → `ipco` → `ispe`; when several images are described (thumbnails, tiles) the largest wins,
/// which is the primary image in files from cameras and phones.
enum HEICSniffer {
    private static let brands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]

    static func isHEIFBrand(_ brand: String) -> Bool { brands.contains(brand) }

    static func sniff(_ reader: inout HeaderReader) throws(ImageSniffError) -> ImageDescription {
        guard let meta = try findChild("meta", &reader, in: 0..<Int.max) else {
            throw reader.fail(.malformed, "no meta box")
        }
        // meta is a full box: four bytes of version and flags before its children.
        guard let properties = try findChild("iprp", &reader, in: (meta.lowerBound + 4)..<meta.upperBound),
            let container = try findChild("ipco", &reader, in: properties)
        else { throw reader.fail(.malformed, "no item property container (iprp/ipco)") }
        var best: (width: Int, height: Int)?
        var offset = container.lowerBound
        while let box = try nextBox(&reader, at: &offset, end: container.upperBound) {
            guard box.type == "ispe" else { continue }
            let extents = try reader.read(12, at: box.content.lowerBound, what: "the ispe property")
            let width = extents.bigEndian(at: 4, length: 4)
            let height = extents.bigEndian(at: 8, length: 4)
            let area = Double(width) * Double(height)
            if area > (best.map { Double($0.width) * Double($0.height) } ?? -1) { best = (width, height) }
        }
        guard let best else { throw reader.fail(.malformed, "no image spatial extents (ispe) property") }
        return ImageDescription(format: .heic, width: best.width, height: best.height)
    }

    /// The content range of the first child box of type `type` within `range`.
    private static func findChild(
        _ type: String, _ reader: inout HeaderReader, in range: Range<Int>
    ) throws(ImageSniffError) -> Range<Int>? {
        var offset = range.lowerBound
        while let box = try nextBox(&reader, at: &offset, end: range.upperBound) {
            if box.type == type { return box.content }
        }
        return nil
    }

    /// The box at `offset` (advancing `offset` past it), or `nil` at `end`.
    private static func nextBox(
        _ reader: inout HeaderReader, at offset: inout Int, end: Int
    ) throws(ImageSniffError) -> (type: String, content: Range<Int>)? {
        guard end - offset >= 8 else { return nil }
        try reader.step("boxes")
        let header = try reader.read(8, at: offset, what: "a box header")
        let type = header.fourCC(at: 4)
        var headerLength = 8
        var size = header.bigEndian(at: 0, length: 4)
        if size == 1 {
            let large = try reader.read(8, at: offset + 8, what: "a 64-bit box size")
            guard large[0] & 0x80 == 0 else { throw reader.fail(.malformed, "box \"\(type)\" is too large") }
            size = large.bigEndian(at: 0, length: 8)
            headerLength = 16
        } else if size == 0 {
            // Size zero: the box runs to the end of its container (or of the file, for a top-level box).
            size = end - offset
        }
        guard size >= headerLength, size <= end - offset else {
            throw reader.fail(.malformed, "box \"\(type)\" at offset \(offset) has an impossible size \(size)")
        }
        let content = (offset + headerLength)..<(offset + size)
        offset += size
        return (type, content)
    }
}
