import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Courier's one crash-safe file writer, used for every file it persists (cookie jars, the HTTP cache, CLI
/// sessions, the credential and secure stores, durable and download records, HAR files).
///
/// ``write(_:toPath:mode:syncDirectory:beforeWriting:)`` creates a temporary file beside the target **with its
/// final mode from the first byte** (0600 by default: nobody else can read a secret even for an instant),
/// writes, fsyncs, renames it over the target and fsyncs the directory, so a process killed at any instant
/// leaves either the old file or the new one, never a torn one, and never a readable copy.
/// Temporary files are named `.<name>.tmp-<pid>-<random>`; ``removeStaleTemporaries(besides:)`` removes those
/// whose writer is no longer running, which stores call when they open.
///
/// ```swift
/// try AtomicFile.makePrivateDirectory(directory.path)            // 0700, created or tightened
/// try AtomicFile.write(Data(json.utf8), to: directory.appendingPathComponent("session.json"))
/// ```
public enum AtomicFile {
    /// The mode of files that can hold secrets: read and write for the owner only.
    public static let privateFileMode: mode_t = 0o600
    /// The mode of directories that hold such files.
    public static let privateDirectoryMode: mode_t = 0o700

    /// Replaces the file at `url` with `data`, crash-safely, creating its directory (0700) when missing.
    /// - Throws: ``AtomicFileError`` naming the operation and path that failed.
    public static func write(_ data: Data, to url: URL, mode: mode_t = privateFileMode) throws {
        let directory = url.deletingLastPathComponent().path
        if !directoryExists(directory) { try makePrivateDirectory(directory, tighten: false) }
        try write(data, toPath: url.path, mode: mode)
    }

    /// Replaces the file at `path` with `data`, crash-safely: a temporary file created with `mode`, every byte
    /// written, fsync, rename over `path`, then (unless `syncDirectory` is false) fsync of the directory so the
    /// rename itself survives a power loss. `beforeWriting` runs once the temporary file exists, with its path,
    /// before any byte is written (a caller's space budget); an error it throws aborts the write.
    /// - Throws: ``AtomicFileError``, or what `beforeWriting` throws; the temporary file is removed either way.
    public static func write(
        _ data: Data, toPath path: String, mode: mode_t = privateFileMode, syncDirectory: Bool = true,
        beforeWriting: ((String) throws -> Void)? = nil
    ) throws {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw AtomicFileError(operation: "create", path: temporary, code: errno) }
        do {
            do {
                try beforeWriting?(temporary)
                try data.withUnsafeBytes { try writeAll(descriptor, $0, path: temporary) }
            } catch {
                close(descriptor)
                throw error
            }
            let synced = fsync(descriptor)
            let syncError = errno
            let closed = close(descriptor)
            let closeError = errno
            if synced != 0 { throw AtomicFileError(operation: "fsync", path: temporary, code: syncError) }
            if closed != 0 { throw AtomicFileError(operation: "close", path: temporary, code: closeError) }
            if rename(temporary, path) != 0 { throw AtomicFileError(operation: "rename", path: path, code: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        if syncDirectory { try self.syncDirectory(of: path) }
    }

    /// A fresh temporary path beside `path`: `.<name>.tmp-<pid>-<random>` in the same directory.
    public static func temporaryPath(for path: String) -> String {
        temporaryPrefix(for: path) + "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Removes the temporary files beside `path` whose writing process is no longer running (a writer killed
    /// between creating and renaming). Files of live writers, this process's included, are left alone.
    public static func removeStaleTemporaries(besides path: String) {
        let prefix = temporaryPrefix(for: path)
        let directory = (prefix as NSString).deletingLastPathComponent
        let namePrefix = (prefix as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(namePrefix) {
            let rest = name.dropFirst(namePrefix.count)
            guard let pidText = rest.split(separator: "-").first, let pid = pid_t(pidText) else {
                unlink(directory + "/" + name)
                continue
            }
            if !isRunning(pid) { unlink(directory + "/" + name) }
        }
    }

    /// Removes every stale temporary file in `directory` (any target name), as
    /// ``removeStaleTemporaries(besides:)`` does for one target.
    public static func removeStaleTemporaries(inDirectory directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            let rest = name[marker.upperBound...]
            guard let pidText = rest.split(separator: "-").first, let pid = pid_t(pidText) else { continue }
            if !isRunning(pid) { unlink(directory + "/" + name) }
        }
    }

    /// Creates `path` and missing parents with mode 0700. An existing directory of this user that others can
    /// read or write is tightened to 0700 when `tighten` is true (the default).
    /// - Throws: ``AtomicFileError`` when a directory cannot be created, or when an existing one that others
    ///   can write to belongs to another user.
    public static func makePrivateDirectory(_ path: String, tighten: Bool = true) throws {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !directoryExists(current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for directory in missing.reversed() {
            if mkdir(directory, privateDirectoryMode) != 0, errno != EEXIST {
                throw AtomicFileError(operation: "create the directory", path: directory, code: errno)
            }
        }
        guard tighten else { return }
        var status = stat()
        guard stat(path, &status) == 0 else { throw AtomicFileError(operation: "inspect", path: path, code: errno) }
        guard status.st_mode & 0o077 != 0 else { return }
        if status.st_uid == geteuid() {
            if chmod(path, privateDirectoryMode) != 0 {
                throw AtomicFileError(operation: "chmod 700", path: path, code: errno)
            }
        } else if status.st_mode & 0o022 != 0 {
            throw AtomicFileError(operation: "use (writable by other users)", path: path, code: EPERM)
        }
    }

    /// Whether a process with this id is running (or exists under another user).
    private static func isRunning(_ pid: pid_t) -> Bool {
        if pid <= 0 { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    private static func directoryExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR)
    }

    private static func temporaryPrefix(for path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (directory.isEmpty ? "." : directory) + "/." + name + ".tmp-"
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        if let code = DescriptorWrite.all(bytes, to: descriptor) {
            throw AtomicFileError(operation: "write", path: path, code: code)
        }
    }

    private static func syncDirectory(of path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFileError(operation: "open", path: directory, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AtomicFileError(operation: "fsync", path: directory, code: errno) }
    }
}

/// A failed step of ``AtomicFile``: the operation, the path and the system's reason.
public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    /// What was being done ("create", "write", "fsync", "rename", …).
    public var operation: String
    /// The file or directory concerned.
    public var path: String
    /// The `errno` value.
    public var code: Int32

    /// Creates an error.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// "cannot write /path: No space left on device".
    public var description: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
}
