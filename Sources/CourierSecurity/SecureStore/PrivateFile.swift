import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// POSIX file operations for the secure store: reads that refuse files other users can reach, and
/// crash-safe replacement (temporary file in the same directory, fsync, rename, fsync directory).
enum PrivateFile {
    /// The permission bits that must be clear on key and store files: any group or other access.
    static let forbiddenModeBits: mode_t = 0o077

    /// Reads a whole file, or returns nil when it does not exist.
    ///
    /// - Throws: ``SecureStoreStatus/insecurePermissions`` when the file is reachable by the group or
    ///   others or owned by another user; ``SecureStoreStatus/io`` when it cannot be read.
    static func read(_ path: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw ioError("cannot open \(path)")
        }
        defer { close(descriptor) }
        try checkOwnership(descriptor, path: path)
        var contents = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ioError("cannot read \(path)")
            }
            if count == 0 { break }
            contents.append(contentsOf: buffer[0..<count])
        }
        return contents
    }

    /// Refuses a file that the group or others can access, or that another user owns.
    static func checkOwnership(_ descriptor: Int32, path: String) throws {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ioError("cannot inspect \(path)")
        }
        guard status.st_uid == geteuid() else {
            throw SecureStoreError(
                .insecurePermissions,
                "\(path) is owned by another user (uid \(status.st_uid)); refusing to use it"
            )
        }
        guard status.st_mode & forbiddenModeBits == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw SecureStoreError(
                .insecurePermissions,
                "\(path) has mode \(mode), readable or writable by other users; run `chmod 600 \(path)` if it is yours"
            )
        }
    }

    /// Creates a file with mode 0600 only if it does not exist yet. Returns false when it existed.
    static func createExclusively(_ data: Data, at path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw ioError("cannot create \(path)")
        }
        do {
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw ioError("cannot flush \(path)") }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        close(descriptor)
        try syncDirectory(of: path)
        return true
    }

    /// Replaces `path` with `data` so that a crash at any instant leaves either the old or the new
    /// file (``AtomicFile``: a 0600 temporary file in the same directory, fsync, rename, fsync directory).
    static func writeAtomically(_ data: Data, to path: String) throws {
        do {
            try AtomicFile.write(data, toPath: path)
        } catch let failure as AtomicFileError {
            throw SecureStoreError(.io, failure.description)
        }
    }

    /// The name prefix of temporary files for `path`: `.<name>.tmp-` in the same directory.
    static func temporaryPrefix(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".tmp-"
    }

    /// Removes temporary files left by writers that died before renaming. Call only while holding the
    /// store's exclusive lock, so no live writer's file is removed.
    static func removeTemporaries(for path: String) {
        let prefix = temporaryPrefix(for: path)
        let directory = URL(fileURLWithPath: prefix).deletingLastPathComponent().path
        let namePrefix = URL(fileURLWithPath: prefix).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(namePrefix) {
            unlink(directory + "/" + name)
        }
    }

    /// Creates the directory (mode 0700) and its parents if needed, and refuses one that other users
    /// can write to, since they could swap the files inside.
    static func ensureDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: path,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw SecureStoreError(
                .io, "cannot create the secure store directory \(path): \(error.localizedDescription)")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ioError("cannot inspect \(path)")
        }
        guard status.st_mode & 0o022 == 0 else {
            throw SecureStoreError(
                .insecurePermissions,
                "the secure store directory \(path) is writable by other users; run `chmod 700 \(path)`"
            )
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        if data.withUnsafeBytes({ DescriptorWrite.all($0, to: descriptor) }) != nil {
            throw ioError("cannot write \(path)")
        }
    }

    private static func syncDirectory(of path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ioError("cannot open \(directory) to flush it") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw ioError("cannot flush \(directory)") }
    }

    static func ioError(_ what: String) -> SecureStoreError {
        SecureStoreError(.io, "\(what): \(String(cString: strerror(errno)))")
    }
}

/// `read(2)`, named apart from ``PrivateFile/read(_:)``.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
