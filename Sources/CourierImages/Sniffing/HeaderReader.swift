/// Bounded reads from an ``ImageByteSource`` for the sniffers: every read from the source is counted against
/// a budget so that no input, however crafted, makes a sniffer read much or loop long.
///
/// Reads go through a small window (``windowSize`` bytes) so that walking many tiny structures (GIF sub-block
/// lengths) costs one source read per window, not one per structure; a jump past the window (a JPEG segment
/// skipped by its length) reads nothing in between.
struct HeaderReader {
    static let windowSize = 16 * 1024

    let source: any ImageByteSource
    let format: ImageFormat
    /// Source reads left before the sniffer gives up with ``ImageSniffError/Reason/limitExceeded``.
    private var readsLeft: Int
    /// Loop iterations left (markers, blocks, chunks, boxes), a bound on work independent of bytes read.
    private var stepsLeft = 1 << 20
    private var window: [UInt8] = []
    private var windowStart = 0

    init(source: any ImageByteSource, format: ImageFormat, maximumReads: Int = 4096) {
        self.source = source
        self.format = format
        self.readsLeft = maximumReads
    }

    /// Exactly `count` bytes at `offset`, or a `truncated` error naming `what` was being read.
    mutating func read(_ count: Int, at offset: Int, what: String) throws(ImageSniffError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= Int.max - count else {
            throw fail(.malformed, "\(what) at an impossible offset \(offset)")
        }
        if offset >= windowStart, offset + count <= windowStart + window.count {
            let start = offset - windowStart
            return Array(window[start..<start + count])
        }
        guard readsLeft > 0 else {
            throw fail(.limitExceeded, "gave up after too many header reads, while reading \(what)")
        }
        readsLeft -= 1
        do {
            window = try source.bytes(at: offset, count: Swift.max(count, Self.windowSize))
        } catch {
            window = []
            throw fail(.truncated, "cannot read \(what) at offset \(offset): \(error)")
        }
        windowStart = offset
        guard window.count >= count else {
            throw fail(.truncated, "input ends in \(what) (offset \(offset), \(count) bytes wanted)")
        }
        return Array(window[0..<count])
    }

    /// Counts one iteration of a header walk.
    /// - Throws: ``ImageSniffError/Reason/limitExceeded`` once the walk has taken too many steps.
    mutating func step(_ what: String) throws(ImageSniffError) {
        guard stepsLeft > 0 else { throw fail(.limitExceeded, "gave up after too many \(what)") }
        stepsLeft -= 1
    }

    func fail(_ reason: ImageSniffError.Reason, _ message: String) -> ImageSniffError {
        ImageSniffError(format: format, reason: reason, message: message)
    }
}

extension Array where Element == UInt8 {
    /// A big-endian unsigned integer of `length` bytes at `index`.
    func bigEndian(at index: Int, length: Int) -> Int {
        var value = 0
        for offset in 0..<length { value = value << 8 | Int(self[index + offset]) }
        return value
    }

    /// A little-endian unsigned integer of `length` bytes at `index`.
    func littleEndian(at index: Int, length: Int) -> Int {
        var value = 0
        for offset in (0..<length).reversed() { value = value << 8 | Int(self[index + offset]) }
        return value
    }

    /// The bytes at `index..<index+4` as ASCII (a chunk or box type).
    func fourCC(at index: Int) -> String {
        String(decoding: self[index..<index + 4], as: Unicode.ASCII.self)
    }
}
