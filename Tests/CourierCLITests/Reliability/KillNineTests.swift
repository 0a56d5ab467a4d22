import CourierTestSupport
import CourierTesting
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The reliability harness's crash test (run by hand, not part of `swift test`'s work): the real `courier`
/// binary is killed with SIGKILL at random instants while it writes each kind of state, and after every kill
/// the state is checked: it parses (or is absent), committed entries are still there, and no file that can hold
/// a secret is readable by others. Figures go to docs/RELIABILITY.md:
///
///     COURIER_RELIABILITY=100 swift test --filter KillNineTests
@Suite(
    "Reliability: kill -9 during writes", .serialized, .timeLimit(.minutes(30)),
    .enabled(if: MutationFuzzer.configuredCount > 0 && CourierBinary.url != nil, "set COURIER_RELIABILITY=N to run"))
struct KillNineTests {
    static let kills = max(1, min(MutationFuzzer.configuredCount, 1000))

    struct Tally: CustomStringConvertible {
        var name: String
        var kills = 0
        var corrupt = 0
        var lost = 0
        var exposed = 0
        var description: String {
            "\(name): \(kills) kills, \(corrupt) corrupt stores, \(lost) lost committed entries, \(exposed) secrets readable by others"
        }
    }

    /// Starts courier, kills it after `delay`, and waits for it to end. Returns whether it was killed (false when
    /// it finished first).
    static func runAndKill(_ arguments: [String], after delay: Duration, environment: [String: String]) -> Bool {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        guard let executable = CourierBinary.url?.path,
            let process = try? TestProcess(executable, arguments, environment: merged)
        else { return false }
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        usleep(useconds_t(max(0, nanoseconds / 1000)))
        let wasRunning = process.isRunning
        process.signal(SIGKILL)
        return wasRunning && process.waitUntilExit().signal == SIGKILL
    }

    /// Every regular file under `directory` that the group or others can read.
    static func exposedFiles(in directory: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var exposed: [String] = []
        for case let name as String in walker {
            var status = stat()
            let path = directory.appendingPathComponent(name).path
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & 0o077 != 0, (status.st_mode & S_IFMT) == S_IFREG { exposed.append(name) }
        }
        return exposed
    }

    static func parses(_ file: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: file.path) else { return true }
        return (try? JSONSerialization.jsonObject(with: data)) != nil
    }

    /// Off the cooperative pool: the loop waits on child processes.
    func offThePool<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func sessionsCookiesAndCacheSurviveKills() async throws {
        let counter = Mutex(0)
        let server = try await TestServer.start { request in
            let count = counter.withLock { value in
                value += 1
                return value
            }
            return .text(
                "hello \(count)\n",
                headers: [.setCookie: "n\(count % 50)=v\(count); Path=/; Max-Age=3600", .cacheControl: "max-age=60"])
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("courier-kill9-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let sessionDirectory = base.appendingPathComponent("session")
        let url = server.url("/item").absoluteString
        let tally: Tally = await offThePool {
            var tally = Tally(name: "CLI session, cookie jar and disk cache")
            var generator = MutationFuzzer(seed: 9)
            var committedAuth = false
            for index in 0..<Self.kills {
                let arguments = [
                    "--session", sessionDirectory.path + "/", "--auth", "ann:hunter2", url + "?i=\(index)",
                ]
                let delay = Duration.milliseconds(generator.below(120))
                if Self.runAndKill(arguments, after: delay, environment: [:]) { tally.kills += 1 }
                let session = sessionDirectory.appendingPathComponent("session.json")
                for file in [session, sessionDirectory.appendingPathComponent("cookies.json")]
                where !Self.parses(file) {
                    tally.corrupt += 1
                }
                if let data = FileManager.default.contents(atPath: session.path),
                    String(decoding: data, as: UTF8.self).contains("ann:hunter2")
                {
                    committedAuth = true
                } else if committedAuth {
                    tally.lost += 1
                }
                tally.exposed += Self.exposedFiles(in: base).count
            }
            return tally
        }
        print("reliability: \(tally)")
        #expect(tally.corrupt == 0)
        #expect(tally.lost == 0)
        #expect(tally.exposed == 0)
        try await server.shutdown()
    }

    @Test func downloadsAndTheirRecordsSurviveKills() async throws {
        let body = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 11)) })
        let entity = "\"v1\""
        let server = try await TestServer.start { request in
            var slice = body[...]
            var status = 200
            var headers: [(String, String)] = [("ETag", entity), ("Content-Type", "application/octet-stream")]
            if let range = request.headers[.range], range.hasPrefix("bytes="),
                let start = Int(range.dropFirst(6).split(separator: "-").first ?? ""), start < body.count
            {
                slice = body[start...]
                status = 206
                headers.append(("Content-Range", "bytes \(start)-\(body.count - 1)/\(body.count)"))
            }
            let chunks = stride(from: slice.startIndex, to: slice.endIndex, by: 64 * 1024).map {
                Data(slice[$0..<min($0 + 64 * 1024, slice.endIndex)])
            }
            return .slowBody(
                chunks: chunks, delay: .milliseconds(2), status: status,
                headers: .init(headers.map { .init(name: .init($0.0)!, value: $0.1) }))
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("courier-kill9-dl-\(UUID())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var components = URLComponents(url: server.url("/big.bin"), resolvingAgainstBaseURL: false)!
        components.user = "ann"
        components.password = "hunter2"
        let url = components.url!.absoluteString
        let tally: Tally = await offThePool {
            var tally = Tally(name: "downloads (.part and .part.json)")
            var generator = MutationFuzzer(seed: 10)
            var completed = 0
            var byteExact = 0
            for index in 0..<Self.kills {
                let destination = base.appendingPathComponent("file-\(index % 10).bin")
                let record = base.appendingPathComponent("file-\(index % 10).bin.part.json")
                let delay = Duration.milliseconds(20 + generator.below(200))
                if Self.runAndKill(
                    ["download", url, "-o", destination.path, "--continue"], after: delay, environment: [:])
                {
                    tally.kills += 1
                }
                if !Self.parses(record) { tally.corrupt += 1 }
                if let text = try? String(contentsOf: record, encoding: .utf8), text.contains("hunter2") {
                    tally.exposed += 1
                }
                if let data = FileManager.default.contents(atPath: destination.path) {
                    completed += 1
                    if data == body { byteExact += 1 } else { tally.corrupt += 1 }
                    try? FileManager.default.removeItem(at: destination)
                }
            }
            tally.name += " — \(completed) completed, \(byteExact) byte-exact"
            return tally
        }
        print("reliability: \(tally)")
        #expect(tally.corrupt == 0)
        #expect(tally.exposed == 0)
        try await server.shutdown()
    }
}
