import Foundation

/// Random access to the bytes of an image, so that a sniffer can jump from header to header without reading
/// what lies between (a JPEG's compressed scan, a GIF's pixel data).
public protocol ImageByteSource: Sendable {
    /// Returns up to `count` bytes starting at `offset`: fewer at the end of the input, none past it.
    /// - Throws: Whatever reading the underlying storage throws (an I/O error for a file).
    func bytes(at offset: Int, count: Int) throws -> [UInt8]
}

/// An in-memory ``ImageByteSource``.
public struct DataByteSource: ImageByteSource {
    /// The bytes.
    public let data: Data

    /// Wraps `data`.
    public init(_ data: Data) { self.data = data }

    /// Returns up to `count` bytes starting at `offset`; never throws.
    public func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < data.count else { return [] }
        let start = data.startIndex + offset
        let end = start + min(count, data.count - offset)
        return [UInt8](data[start..<end])
    }
}
