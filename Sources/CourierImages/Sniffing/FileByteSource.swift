import Foundation
import Synchronization

/// An ``ImageByteSource`` over a file, reading only the ranges asked for and counting the bytes it reads,
/// so a caller can check that sniffing a large file touched only its headers.
public final class FileByteSource: ImageByteSource {
    // Seeking and reading are two calls on one file position: the lock keeps concurrent reads apart.
    private let handle: Mutex<FileHandle>
    private let counter = Atomic<Int>(0)

    /// Opens the file at `url` for reading.
    /// - Throws: The system's error when the file cannot be opened.
    public init(url: URL) throws {
        self.handle = Mutex(try FileHandle(forReadingFrom: url))
    }

    deinit { handle.withLock { try? $0.close() } }

    /// The total number of bytes read so far.
    public var bytesRead: Int { counter.load(ordering: .relaxed) }

    /// Reads up to `count` bytes at `offset`.
    /// - Throws: The system's error when seeking or reading fails.
    public func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        let data = try handle.withLock { handle in
            try handle.seek(toOffset: UInt64(offset))
            return try handle.read(upToCount: count) ?? Data()
        }
        counter.add(data.count, ordering: .relaxed)
        return [UInt8](data)
    }
}
