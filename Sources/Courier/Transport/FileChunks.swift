import Foundation
import NIOCore
import NIOFoundationCompat

/// A local file read in chunks, for request bodies (never the whole file in memory).
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let url: URL
    let size: Int64
    let chunkSize: Int

    /// Opens nothing yet; checks that the file exists and is a regular file.
    /// - Throws: `fileDoesNotExist`, `fileIsDirectory` or `noPermissionsToReadFile`.
    init(url: URL, chunkSize: Int = 256 * 1024) throws {
        self.url = url
        self.chunkSize = chunkSize
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CourierError(.fileDoesNotExist, outcome: .notSent, message: "the file \(url.path) does not exist")
        }
        if isDirectory.boolValue {
            throw CourierError(.fileIsDirectory, outcome: .notSent, message: "\(url.path) is a directory, not a file")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw CourierError(
                .noPermissionsToReadFile, outcome: .notSent, message: "no permission to read the file \(url.path)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        self.size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    func makeAsyncIterator() -> Iterator { Iterator(url: url, chunkSize: chunkSize) }

    struct Iterator: AsyncIteratorProtocol {
        let url: URL
        let chunkSize: Int
        var handle: FileHandleBox?
        var done = false

        mutating func next() async throws -> ByteBuffer? {
            guard !done else { return nil }
            if handle == nil {
                do {
                    handle = FileHandleBox(try FileHandle(forReadingFrom: url))
                } catch {
                    done = true
                    throw CourierError(
                        .fileDoesNotExist, outcome: .notSent,
                        message: "could not open \(url.path): \(error.localizedDescription)",
                        underlyingError: error)
                }
            }
            let data: Data?
            do {
                data = try handle?.handle.read(upToCount: chunkSize)
            } catch {
                done = true
                throw CourierError(
                    .cannotDecodeRawData, outcome: .ambiguous,
                    message: "reading \(url.path) failed: \(error.localizedDescription)",
                    underlyingError: error)
            }
            guard let data, !data.isEmpty else {
                done = true
                handle = nil
                return nil
            }
            return ByteBuffer(data: data)
        }
    }
}

/// Closes the file when the iterator goes away, also when it is abandoned half-way.
final class FileHandleBox {
    let handle: FileHandle
    init(_ handle: FileHandle) { self.handle = handle }
    deinit { try? handle.close() }
}
