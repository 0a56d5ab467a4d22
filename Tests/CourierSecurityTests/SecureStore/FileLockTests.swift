import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

/// Cross-process exclusion, checked with util-linux's `flock(1)` in a child process.
@Suite(
    "FileLock",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs util-linux flock(1)")
)
struct FileLockTests {
    /// Runs `flock -n [-s] <path> true` and returns whether it got the lock without waiting.
    func otherProcessCanLock(_ path: String, shared: Bool) throws -> Bool {
        try TestProcess.run("/usr/bin/flock", ["-n"] + (shared ? ["-s"] : []) + [path, "true"]).termination.succeeded
    }

    @Test("an exclusive lock keeps other processes out; a shared lock admits readers only")
    func exclusion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("g.lock").path
        let underExclusive = try FileLock.withLock(path, exclusive: true) {
            (
                exclusive: try otherProcessCanLock(path, shared: false),
                shared: try otherProcessCanLock(path, shared: true)
            )
        }
        #expect(!underExclusive.exclusive)
        #expect(!underExclusive.shared)
        let underShared = try FileLock.withLock(path, exclusive: false) {
            (
                exclusive: try otherProcessCanLock(path, shared: false),
                shared: try otherProcessCanLock(path, shared: true)
            )
        }
        #expect(!underShared.exclusive)
        #expect(underShared.shared)
        #expect(try otherProcessCanLock(path, shared: false))
    }
}
