import Foundation
import NIOCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a download: `<destination>.part` for the bytes, `<destination>.part.json` for the record
/// (``DownloadResumeData``), both in the destination's directory so the final rename is atomic.
enum DownloadFiles {
    static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".part")
    }

    static func record(for partialFile: URL) -> URL {
        partialFile.deletingLastPathComponent().appendingPathComponent(partialFile.lastPathComponent + ".json")
    }

    /// A fresh place for a download without a destination, in the temporary directory.
    static func temporaryDestination() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("CourierDownload-\(UUID().uuidString)")
    }

    /// The size of a regular file, or `nil` when there is none.
    static func size(of url: URL) -> Int64? {
        CacheFile.size(url.path)
    }

    static func remove(_ url: URL) {
        _ = unlink(url.path)
    }

    /// Writes the record crash-safely: a temporary file beside it, fsync, rename. A process killed at any
    /// instant leaves the old record or the new one, never a torn one.
    static func writeRecord(_ resumeData: DownloadResumeData, for partialFile: URL) throws {
        let data = resumeData.encoded()
        do {
            try CacheFile.writeAtomically(data, to: record(for: partialFile).path, budget: nil)
        } catch let failure as CacheFile.Failure {
            throw writeError(failure, what: "the download record")
        }
    }

    /// The error for a failed file operation, naming the file and what to do.
    static func writeError(_ failure: CacheFile.Failure, what: String) -> CourierError {
        let advice: String
        switch failure.code {
        case ENOENT: advice = "; does the directory exist?"
        case EACCES, EPERM, EROFS: advice = "; is the directory writable?"
        case ENOSPC, EDQUOT: advice = "; the disk is full"
        default: advice = ""
        }
        return CourierError(
            .cannotWriteToFile, outcome: .failed,
            message: "cannot write \(what): \(failure)\(advice)", underlyingError: failure)
    }
}

/// The partial file of one download, written sequentially. Thread-safe; used by one task at a time.
final class PartialDownloadFile: Sendable {
    private struct State {
        var descriptor: Int32?
        var length: Int64
    }

    let url: URL
    private let budget: CacheWriteBudget?
    private let state: Mutex<State>

    /// Opens (creating when missing) the partial file for writing, keeping what it holds.
    /// - Throws: `cannotWriteToFile` naming the file when it cannot be opened.
    init(url: URL, budget: CacheWriteBudget?) throws {
        self.url = url
        self.budget = budget
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            throw DownloadFiles.writeError(
                CacheFile.Failure(operation: "open", path: url.path, code: errno), what: "the download")
        }
        var information = stat()
        let length: Int64 = fstat(descriptor, &information) == 0 ? Int64(information.st_size) : 0
        self.state = Mutex(State(descriptor: descriptor, length: length))
    }

    deinit {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
        }
    }

    /// Bytes in the file.
    var length: Int64 { state.withLock { $0.length } }

    /// Cuts the file to `length` bytes and goes on writing from there.
    func truncate(to length: Int64) throws {
        try state.withLock { state in
            guard let descriptor = state.descriptor else { return }
            guard ftruncate(descriptor, off_t(length)) == 0, lseek(descriptor, off_t(length), SEEK_SET) >= 0 else {
                throw DownloadFiles.writeError(
                    CacheFile.Failure(operation: "truncate", path: url.path, code: errno), what: "the download")
            }
            state.length = length
        }
    }

    /// Appends a chunk. After a failure the file holds exactly the bytes written before it.
    func append(_ chunk: ByteBuffer) throws {
        try state.withLock { state in
            guard let descriptor = state.descriptor else { return }
            do {
                try budget?.spend(Int64(chunk.readableBytes), path: url.path)
                try chunk.withUnsafeReadableBytes { try CacheFile.writeAll(descriptor, $0, path: url.path) }
                state.length += Int64(chunk.readableBytes)
            } catch let failure as CacheFile.Failure {
                // A short write may have left part of the chunk: cut back to what is known to be whole.
                _ = ftruncate(descriptor, off_t(state.length))
                _ = lseek(descriptor, off_t(state.length), SEEK_SET)
                throw DownloadFiles.writeError(failure, what: "the download")
            }
        }
    }

    /// Closes the file (once).
    func closeFile() {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
            state.descriptor = nil
        }
    }
}
