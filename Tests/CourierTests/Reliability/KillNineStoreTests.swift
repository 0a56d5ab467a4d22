import CourierSecurity
import CourierTestSupport
import Foundation
import Testing

@testable import Courier

#if canImport(Glibc)
    import Glibc
#endif

/// The reliability harness's crash test for the stores no CLI command writes (run by hand, not part of
/// `swift test`'s work): the test binary runs itself as a writer (``KillNineStoreWriter``) that saves entries in a
/// loop and logs each one after its save returned; it is killed with SIGKILL at a random instant, and then the
/// store must open, hold every logged entry, and expose no file to the group or others. Figures go to
/// docs/RELIABILITY.md:
///
///     COURIER_RELIABILITY=100 swift test --filter KillNineStoreTests
@Suite(
    "Reliability: kill -9 during store writes", .serialized, .timeLimit(.minutes(30)),
    .enabled(if: MutationFuzzer.configuredCount > 0, "set COURIER_RELIABILITY=N to run"))
struct KillNineStoreTests {
    static let kills = max(1, min(MutationFuzzer.configuredCount, 1000))

    struct Tally: CustomStringConvertible {
        var name: String
        var kills = 0
        var committed = 0
        var corrupt = 0
        var lost = 0
        var exposed = 0
        var description: String {
            "\(name): \(kills) kills, \(committed) committed entries checked, \(corrupt) corrupt stores, \(lost) lost committed entries, \(exposed) files readable by others"
        }
    }

    /// This test binary, to run as the writer.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? ProcessInfo.processInfo.arguments[0]
    }

    /// Runs the writer `kind` over `directory`, waits until its log shows a first save, lets it write for a
    /// random 0–80 ms more, and kills it. Returns whether it was killed while running.
    static func runAndKill(_ kind: String, directory: URL, run: Int, generator: inout MutationFuzzer) -> Bool {
        let log = directory.appendingPathComponent("committed.log")
        let before = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
        var environment = ProcessInfo.processInfo.environment
        environment["COURIER_RELIABILITY"] = nil
        environment["COURIER_KILL_WRITER"] = directory.path
        environment["COURIER_KILL_RUN"] = String(run)
        guard
            let process = try? TestProcess(
                executable, ["--testing-library", "swift-testing", "--filter", "KillNineStoreWriter/\(kind)"],
                environment: environment)
        else { return false }
        // The writer's start-up (the test runner's) takes a while: kill once it is writing, not before.
        for _ in 0..<2000 where process.isRunning {
            let size = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
            if size > before { break }
            usleep(5000)
        }
        usleep(useconds_t(generator.below(80_000)))
        let wasRunning = process.isRunning
        process.signal(SIGKILL)
        return wasRunning && process.waitUntilExit().signal == SIGKILL
    }

    /// The names the writers logged after their saves returned.
    static func committed(in directory: URL) -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("committed.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Every regular file under `directory` (but the writer's own log) that the group or others can read.
    static func exposedFiles(in directory: URL) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return 0 }
        var exposed = 0
        for case let name as String in walker where name != "committed.log" {
            var status = stat()
            guard lstat(directory.appendingPathComponent(name).path, &status) == 0 else { continue }
            if status.st_mode & 0o077 != 0, (status.st_mode & S_IFMT) == S_IFREG { exposed += 1 }
        }
        return exposed
    }

    /// Off the cooperative pool: the loop waits on child processes.
    func offThePool<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func credentialStoreSurvivesKills() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-kill9-store-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tally: Tally = await offThePool {
            var tally = Tally(name: "credential store (SecureStore, key file)")
            var generator = MutationFuzzer(seed: 19)
            for run in 0..<Self.kills {
                if Self.runAndKill("secureStore", directory: directory, run: run, generator: &generator) {
                    tally.kills += 1
                }
                let committed = Self.committed(in: directory)
                tally.committed = committed.count
                do {
                    let store = try SecureStore(
                        accessGroup: "kill9", directory: directory.appendingPathComponent("store"))
                    let accounts = Set(
                        try store.items(
                            matching: SecureQuery(itemClass: .genericPassword, matchLimit: .all, returning: .attributes)
                        ).compactMap {
                            $0.attributes.account
                        })
                    tally.lost += committed.filter { !accounts.contains($0) }.count
                } catch {
                    tally.corrupt += 1
                }
                tally.exposed += Self.exposedFiles(in: directory)
            }
            return tally
        }
        print("reliability: \(tally)")
        #expect(tally.corrupt == 0)
        #expect(tally.lost == 0)
        #expect(tally.exposed == 0)
    }

    @Test func durableRecordsSurviveKills() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-kill9-durable-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tally: Tally = await offThePool {
            var tally = Tally(name: "durable transfer records")
            var generator = MutationFuzzer(seed: 29)
            for run in 0..<Self.kills {
                if Self.runAndKill("durableRecords", directory: directory, run: run, generator: &generator) {
                    tally.kills += 1
                }
                let committed = Self.committed(in: directory)
                tally.committed = committed.count
                do {
                    let store = try DurableStore(
                        identifier: "kill9", directory: directory.appendingPathComponent("durable"))
                    defer { store.releaseLock() }
                    let files =
                        (try? FileManager.default.contentsOfDirectory(atPath: store.transfersDirectory.path)) ?? []
                    let records = store.records()
                    // A record file that does not decode is a torn write (temporaries start with a dot).
                    tally.corrupt += files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count - records.count
                    let ids = Set(records.map(\.id))
                    tally.lost += committed.filter { !ids.contains($0) }.count
                } catch {
                    tally.corrupt += 1
                }
                tally.exposed += Self.exposedFiles(in: directory)
            }
            return tally
        }
        print("reliability: \(tally)")
        #expect(tally.corrupt == 0)
        #expect(tally.lost == 0)
        #expect(tally.exposed == 0)
    }
}

/// The writers ``KillNineStoreTests`` runs in a child process and kills: each saves entries in a bounded loop and
/// appends an entry's name to `committed.log` after its save returned.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["COURIER_KILL_WRITER"] != nil, "run by KillNineStoreTests"))
struct KillNineStoreWriter {
    let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["COURIER_KILL_WRITER"] ?? "/nonexistent")
    let run = ProcessInfo.processInfo.environment["COURIER_KILL_RUN"] ?? "0"

    func appendToLog(_ name: String) throws {
        let log = directory.appendingPathComponent("committed.log")
        if !FileManager.default.fileExists(atPath: log.path) {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((name + "\n").utf8))
    }

    @Test func secureStore() throws {
        let store = try SecureStore(accessGroup: "kill9", directory: directory.appendingPathComponent("store"))
        let deadline = Date().addingTimeInterval(20)
        for index in 0..<100_000 where Date() < deadline {
            let account = "r\(run)-\(index)"
            _ = try store.addOrUpdate(.genericPassword(service: "kill9", account: account, password: "secret \(index)"))
            try appendToLog(account)
        }
    }

    @Test func durableRecords() throws {
        let store = try DurableStore(identifier: "kill9", directory: directory.appendingPathComponent("durable"))
        defer { store.releaseLock() }
        let deadline = Date().addingTimeInterval(20)
        for index in 0..<100_000 where Date() < deadline {
            let id = "r\(run)-\(index)"
            var record = DurableTransferRecord(
                id: id, kind: .download, method: "GET",
                url: try #require(URL(string: "https://example.com/file/\(index)")),
                headerFields: [], destination: directory.appendingPathComponent("file-\(index)"), created: Date())
            try store.write(record)
            try appendToLog(id)
            // Rewrite an existing record too: a rename over a file that exists is the other half of the writes.
            record.phase = .finished
            record.statusCode = 200
            try store.write(record)
        }
    }
}
