import CCourierZlib
import CourierSecurity
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations of the disk tier, on POSIX calls so every failure is seen (a full disk, a
/// vanished directory) and every write is made durable before it is published by a rename.
enum CacheFile {
    /// A failed file operation.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32
        var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
    }

    /// Creates `path` exclusively for writing (mode 0600).
    static func create(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 { throw Failure(operation: "create", path: path, code: errno) }
        return descriptor
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        if let code = DescriptorWrite.all(bytes, to: descriptor) {
            throw Failure(operation: "write", path: path, code: code)
        }
    }

    /// Flushes to the device and closes; closes even when the flush fails.
    static func syncAndClose(_ descriptor: Int32, path: String) throws {
        let synced = fsync(descriptor)
        let syncError = errno
        close(descriptor)
        if synced != 0 { throw Failure(operation: "fsync", path: path, code: syncError) }
    }

    static func move(_ from: String, to: String) throws {
        if rename(from, to) != 0 { throw Failure(operation: "rename", path: to, code: errno) }
    }

    static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    /// The size of a regular file, or `nil`.
    static func size(_ path: String) -> Int64? {
        var information = stat()
        guard stat(path, &information) == 0, (information.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else {
            return nil
        }
        return Int64(information.st_size)
    }

    /// Writes `data` to `path` crash-safely with Courier's one writer (``AtomicFile``: a 0600 temporary file
    /// beside it, fsync, rename, fsync of the directory). A process killed at any instant leaves the old
    /// contents or the new, never a torn file; temporaries of killed writers are removed when the store opens.
    static func writeAtomically(_ data: Data, to path: String, budget: CacheWriteBudget?) throws {
        do {
            try AtomicFile.write(data, toPath: path) { temporary in
                try budget?.spend(Int64(data.count), path: temporary)
            }
        } catch let failure as AtomicFileError {
            throw Failure(operation: failure.operation, path: failure.path, code: failure.code)
        }
    }

    /// Reads a whole file, or `nil` when it cannot be read.
    static func read(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// The file's bytes when it holds exactly `length` of them (a cache hit's path: plain `open`/`read`,
    /// without Foundation's file machinery); `nil` when it is missing, shorter, longer or unreadable.
    static func read(_ path: String, length: Int64) -> Data? {
        guard length >= 0, length <= Int64(Int.max) else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var information = stat()
        guard fstat(descriptor, &information) == 0, Int64(information.st_size) == length else { return nil }
        var data = Data(count: Int(length))
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let count = systemRead(descriptor, base + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// The CRC-32 of `bytes` continuing from `crc` (the system zlib's).
    static func crc32(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        var value = UInt(crc)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(UInt32.max))
            value = CCourierZlib.crc32(
                value, (base + offset).assumingMemoryBound(to: UInt8.self), UInt32(length))
            offset += length
        }
        return UInt32(truncatingIfNeeded: value)
    }

    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { crc32(0, $0) }
    }
}

/// A limit on the bytes the disk tier may write, to simulate a full disk in tests.
final class CacheWriteBudget: Sendable {
    private let remaining: Atomic<Int64>

    init(bytes: Int64) { remaining = Atomic(bytes) }

    func spend(_ count: Int64, path: String) throws {
        let (_, left) = remaining.subtract(count, ordering: .relaxed)
        if left < 0 { throw CacheFile.Failure(operation: "write", path: path, code: ENOSPC) }
    }
}

/// A body being written to the disk tier while it streams to the caller: `<id>.body.tmp` until it is
/// complete and flushed, then renamed by the cache. Dropped unfinished, the file is removed.
final class CacheSpool: Sendable {
    private struct State {
        var descriptor: Int32?
        var length: Int64 = 0
        var checksum: UInt32 = 0
        var failed = false
        var published = false
    }

    /// The temporary file.
    let path: String
    private let budget: CacheWriteBudget?
    private let state: Mutex<State>

    init(path: String, budget: CacheWriteBudget?) throws {
        self.path = path
        self.budget = budget
        self.state = Mutex(State(descriptor: try CacheFile.create(path)))
    }

    deinit {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
            if !state.published { CacheFile.removeFile(path) }
        }
    }

    var length: Int64 { state.withLock { $0.length } }
    var checksum: UInt32 { state.withLock { $0.checksum } }

    /// Appends bytes; after a failure the spool is dead (`false`) and its file removed.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            guard let descriptor = state.descriptor, !state.failed else { return false }
            do {
                try budget?.spend(Int64(bytes.count), path: path)
                try CacheFile.writeAll(descriptor, bytes, path: path)
                state.length += Int64(bytes.count)
                state.checksum = CacheFile.crc32(state.checksum, bytes)
                return true
            } catch {
                state.failed = true
                close(descriptor)
                state.descriptor = nil
                CacheFile.removeFile(path)
                return false
            }
        }
    }

    /// Flushes and closes the file (once; later calls report the first result); `false` when that failed
    /// (the file is then removed).
    func finish() -> Bool {
        state.withLock { state in
            if state.failed { return false }
            guard let descriptor = state.descriptor else { return true }
            state.descriptor = nil
            do {
                try CacheFile.syncAndClose(descriptor, path: path)
                return true
            } catch {
                state.failed = true
                CacheFile.removeFile(path)
                return false
            }
        }
    }

    /// Moves the finished file to `destination`; from then on the spool no longer owns it.
    func publish(to destination: String) throws {
        try state.withLock { state in
            guard state.descriptor == nil, !state.failed, !state.published else {
                throw CacheFile.Failure(operation: "publish", path: path, code: EINVAL)
            }
            try CacheFile.move(path, to: destination)
            state.published = true
        }
    }

    /// Gives up the spool now, removing its file.
    func discard() {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
            state.descriptor = nil
            state.failed = true
            if !state.published { CacheFile.removeFile(path) }
        }
    }
}

/// `read(2)`, named apart from the `read` methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
