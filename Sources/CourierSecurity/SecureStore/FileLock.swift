import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock(2)` lock on a file, shared for reading and exclusive for read-modify-write, so
/// store instances in different processes (or in one process) never lose each other's updates.
enum FileLock {
    /// Runs `body` while holding the lock on `path`, creating the lock file (mode 0600) if needed.
    static func withLock<Result>(_ path: String, exclusive: Bool, _ body: () throws -> Result) throws -> Result {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw PrivateFile.ioError("cannot open the lock file \(path)")
        }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno == EINTR { continue }
            throw PrivateFile.ioError("cannot lock \(path)")
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
