import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The storage directory of one durable session identifier: an exclusive lock (`lock`), one record per
/// transfer (`transfers/<id>.json`) and the files of downloads made without a destination
/// (`downloads/<id>`).
///
/// The lock is `flock(2)` on `lock`, taken without waiting: a second session with the same identifier, in
/// this process or another, fails to open the store. The kernel releases it when the descriptor is closed
/// (``releaseLock()``, on invalidation) or the process dies, even by `kill -9`.
///
/// Records are written crash-safely (temporary file, fsync, rename): a process killed at any instant
/// leaves the old record or the new one.
final class DurableStore: Sendable {
    let identifier: String
    let directory: URL
    private let lockDescriptor: Mutex<Int32?>

    var transfersDirectory: URL { directory.appendingPathComponent("transfers", isDirectory: true) }
    var downloadsDirectory: URL { directory.appendingPathComponent("downloads", isDirectory: true) }

    /// Where a durable session keeps its records when the configuration names no directory:
    /// `$XDG_DATA_HOME/courier/durable/<identifier>` (or `~/.local/share/courier/durable/<identifier>`).
    static func defaultDirectory(for identifier: String, environment: [String: String]) -> URL {
        CookieStorage.defaultDirectory(environment: environment)
            .appendingPathComponent("durable", isDirectory: true)
            .appendingPathComponent(identifier, isDirectory: true)
    }

    /// Whether an identifier can name a directory: 1 to 128 of `A-Z a-z 0-9 . _ -`, not `.` or `..`.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= 128, identifier != ".", identifier != ".." else {
            return false
        }
        return identifier.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Creates the directories and takes the lock.
    /// - Throws: `invalidConfiguration` for an identifier that cannot name a directory;
    ///   `durableSessionInUse` when another live session (here or in another process) has the identifier;
    ///   `cannotWriteToFile` when the directory cannot be made.
    init(identifier: String, directory: URL) throws {
        guard Self.isValidIdentifier(identifier) else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message:
                    "\"\(identifier)\" cannot name a durable session: use 1 to 128 letters, digits, '.', '_' or '-'")
        }
        self.identifier = identifier
        self.directory = directory
        for folder in [
            directory, directory.appendingPathComponent("transfers"), directory.appendingPathComponent("downloads"),
        ] {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw CourierError(
                    .cannotWriteToFile, outcome: .notSent,
                    message: "cannot create the durable session directory \(folder.path): \(error)",
                    underlyingError: error)
            }
        }
        let lockPath = directory.appendingPathComponent("lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw DownloadFiles.writeError(
                CacheFile.Failure(operation: "open", path: lockPath, code: errno), what: "the durable session's lock")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            let holder = Self.readHolder(descriptor)
            close(descriptor)
            guard code == EWOULDBLOCK else {
                throw DownloadFiles.writeError(
                    CacheFile.Failure(operation: "flock", path: lockPath, code: code),
                    what: "the durable session's lock")
            }
            throw CourierError(
                .durableSessionInUse, outcome: .notSent,
                message:
                    "the durable session \"\(identifier)\" is already in use\(holder.map { " by process \($0)" } ?? ""); invalidate that session first, or choose another identifier"
            )
        }
        // Who holds it, for the message a second session gets (informative only).
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.lockDescriptor = Mutex<Int32?>(descriptor)
    }

    deinit {
        releaseLock()
    }

    private static func readHolder(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Releases the lock (once); the identifier can then be attached again.
    func releaseLock() {
        lockDescriptor.withLock { descriptor in
            if let open = descriptor {
                _ = flock(open, LOCK_UN)
                _ = close(open)
            }
            descriptor = nil
        }
    }

    // MARK: Records

    func recordFile(_ id: String) -> URL {
        transfersDirectory.appendingPathComponent(id + ".json")
    }

    /// Writes a record crash-safely.
    /// - Throws: `cannotWriteToFile` naming the file.
    func write(_ record: DurableTransferRecord) throws {
        do {
            try CacheFile.writeAtomically(record.encoded(), to: recordFile(record.id).path, budget: nil)
        } catch let failure as CacheFile.Failure {
            throw DownloadFiles.writeError(failure, what: "the durable transfer record")
        }
    }

    func remove(_ id: String) {
        CacheFile.removeFile(recordFile(id).path)
    }

    /// Every readable record, oldest first. Unreadable ones (a foreign file) are left alone.
    func records() -> [DurableTransferRecord] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: transfersDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
            .compactMap { CacheFile.read(transfersDirectory.appendingPathComponent($0).path) }
            .compactMap(DurableTransferRecord.decode)
            .sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    }
}
