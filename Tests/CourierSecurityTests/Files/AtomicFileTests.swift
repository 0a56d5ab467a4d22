import CourierSecurity
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("AtomicFile: the one crash-safe writer")
struct AtomicFileTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-atomic-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = stat(path, &status)
        return status.st_mode & 0o777
    }

    @Test func aFileIsOwnerOnlyFromItsFirstByteAndReplacedWhole() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("session.json")
        // Even a permissive umask cannot widen the mode: the temporary file is created 0600.
        let previous = umask(0)
        defer { umask(previous) }
        var modeAtCreation: mode_t?
        try AtomicFile.write(Data("first".utf8), toPath: file.path) { temporary in
            modeAtCreation = mode(temporary)
        }
        #expect(modeAtCreation == 0o600)
        #expect(mode(file.path) == 0o600)
        try AtomicFile.write(Data("second, longer".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "second, longer")
        #expect(mode(file.path) == 0o600)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["session.json"])
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cookies.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try AtomicFile.write(Data("new".utf8), toPath: file.path) { _ in throw Refused() }
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cookies.json"])
    }

    @Test func aMissingDirectoryIsCreatedOwnerOnlyAndAnOpenOneIsTightened() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested = directory.appendingPathComponent("a/b")
        try AtomicFile.write(Data("x".utf8), to: nested.appendingPathComponent("f"))
        #expect(mode(nested.path) == 0o700)
        #expect(mode(directory.appendingPathComponent("a").path) == 0o700)

        let open = directory.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
        chmod(open.path, 0o755)
        try AtomicFile.makePrivateDirectory(open.path)
        #expect(mode(open.path) == 0o700)
    }

    @Test func staleTemporariesOfDeadWritersAreRemovedAndLiveOnesKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("store.json").path
        // A process id that cannot be running (above the kernel's pid_max), and this process's own.
        let dead = directory.appendingPathComponent(".store.json.tmp-2147483646-1a2b").path
        let live = directory.appendingPathComponent(".store.json.tmp-\(getpid())-3c4d").path
        let unrelated = directory.appendingPathComponent(".other.json.tmp-2147483646-5e6f").path
        for path in [dead, live, unrelated] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("secret".utf8)))
        }
        AtomicFile.removeStaleTemporaries(besides: target)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: unrelated))
        AtomicFile.removeStaleTemporaries(inDirectory: directory.path)
        #expect(!FileManager.default.fileExists(atPath: unrelated))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func aWriteIntoAFileInsteadOfADirectoryFailsClearly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let blocker = directory.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let error = #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("y".utf8), toPath: blocker.appendingPathComponent("f").path)
        }
        #expect(error?.description.contains("blocker") == true)
    }
}
