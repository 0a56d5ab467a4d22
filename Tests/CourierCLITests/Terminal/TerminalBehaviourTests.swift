import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// The built `courier` binary run for real, once with a pseudo-terminal as its stdout and stderr and once
/// with pipes: colors and the download progress bar appear on the terminal and never in piped output.
/// Skipped when the binary is not built beside the tests (`swift build --build-tests` builds it).
@Suite(
    "courier on a terminal", .timeLimit(.minutes(2)),
    .enabled(if: CourierBinary.url != nil, "build the courier executable first"))
struct TerminalBehaviourTests {
    struct Run: Sendable {
        var status: Int32
        var output: String
    }

    /// Runs `body` on a thread of its own: waiting for a child process must not hold one of the few
    /// threads of the cooperative pool, which the in-process test server answers on.
    func offThePool<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Starts courier with the given standard output and error (and no input).
    static func launch(_ arguments: [String], output: TestProcess.Stream) throws -> TestProcess {
        try TestProcess(CourierBinary.url?.path ?? "courier", arguments, output: output, error: nil)
    }

    /// Runs courier with stdout and stderr on a new pseudo-terminal.
    func runOnTerminal(_ arguments: [String]) async throws -> Run {
        let terminal = try PseudoTerminal()
        let process = try Self.launch(arguments, output: .descriptor(terminal.follower))
        terminal.closeFollower()
        let leader = terminal.leader
        let output = await offThePool { PseudoTerminal.read(from: leader, timeout: .seconds(60)) }
        withExtendedLifetime(terminal) {}
        // The output ended: the child has closed the terminal and is exiting.
        let ended = await process.exited()
        return Run(status: ended.code, output: output)
    }

    /// Runs courier with stdout and stderr on a pipe.
    func runPiped(_ arguments: [String]) async throws -> Run {
        let process = try Self.launch(arguments, output: .capture)
        let ended = await process.exited()
        return Run(status: ended.code, output: String(decoding: process.output, as: UTF8.self))
    }

    static let body = Data(repeating: 0x5A, count: 300_000)

    func withServer(_ test: (TestServer) async throws -> Void) async throws {
        let server = try await TestServer.start { request in
            if request.path == "/file.bin" {
                return .data(Self.body, headers: [.contentType: "application/octet-stream"])
            }
            return .json(Data(#"{"name":"pen","count":2,"ok":true}"#.utf8))
        }
        do {
            try await test(server)
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    @Test func aTerminalGetsHeadersAndColoredJSONAndPipesGetTheBodyAlone() async throws {
        try await withServer { server in
            let url = server.url("/item").absoluteString
            let terminal = try await runOnTerminal([url])
            #expect(terminal.status == 0, "\(terminal.output)")
            #expect(terminal.output.contains("\u{1B}["))
            #expect(terminal.output.contains("200"))
            #expect(terminal.output.contains("\u{1B}[34m\"name\"\u{1B}[0m"))

            let piped = try await runPiped([url])
            #expect(piped.status == 0)
            #expect(!piped.output.contains("\u{1B}"))
            #expect(piped.output == #"{"name":"pen","count":2,"ok":true}"#)
        }
    }

    @Test func aTerminalGetsTheProgressBarAndPipesGetNoControlCharacters() async throws {
        try await withServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tty-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = server.url("/file.bin").absoluteString

            let terminal = try await runOnTerminal([
                "download", url, "-o", directory.appendingPathComponent("a.bin").path,
            ])
            #expect(terminal.status == 0, "\(terminal.output)")
            #expect(terminal.output.contains("\r[========================] 100% 293.0 KiB of 293.0 KiB"))
            #expect(terminal.output.contains("\u{1B}[K"))

            let piped = try await runPiped(["download", url, "-o", directory.appendingPathComponent("b.bin").path])
            #expect(piped.status == 0)
            #expect(!piped.output.contains("\r"))
            #expect(!piped.output.contains("\u{1B}"))
            // A slow run (a loaded machine) may print plain progress lines first, one per line.
            #expect(piped.output.split(separator: "\n").contains { $0.hasPrefix("saved ") })
            #expect(try Data(contentsOf: directory.appendingPathComponent("b.bin")) == Self.body)
        }
    }

    @Test func theRequestFormsDownloadShowsAColoredHeadAndTheProgressBarOnATerminalOnly() async throws {
        try await withServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tty-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = server.url("/file.bin").absoluteString

            let terminal = try await runOnTerminal(["-d", url, "-o", directory.path + "/"])
            #expect(terminal.status == 0, "\(terminal.output)")
            #expect(terminal.output.contains("\u{1B}[1;32m200\u{1B}[0m"))
            #expect(terminal.output.contains("\r[========================] 100% 293.0 KiB of 293.0 KiB"))

            // The file of that name is kept; the second download is file.bin-1.
            let piped = try await runPiped(["-d", url, "-o", directory.path + "/"])
            #expect(piped.status == 0)
            #expect(!piped.output.contains("\u{1B}"))
            #expect(piped.output.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(piped.output.contains("saved \(directory.path)/file.bin-1 "))
            #expect(try Data(contentsOf: directory.appendingPathComponent("file.bin-1")) == Self.body)
        }
    }

    @Test func binaryBodiesAreNotDumpedToTheTerminal() async throws {
        try await withServer { server in
            let terminal = try await runOnTerminal([server.url("/file.bin").absoluteString])
            #expect(terminal.status == 0)
            #expect(terminal.output.contains("binary data not shown in terminal (300000 bytes"))
            #expect(!terminal.output.contains("ZZZZ"))
        }
    }

    @Test func ctrlCDuringARequestExits130() async throws {
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        let server = try await TestServer.start { _ in
            arrived.yield()
            return .hang
        }
        let process = try Self.launch([server.url("/hang").absoluteString], output: .capture)
        // The request reached the server: courier is waiting for the answer.
        for await _ in arrivals { break }
        process.signal(SIGINT)
        let ended = await process.exited()
        try await server.shutdown()
        #expect(ended.exitStatus == 130, "\(ended)")
    }
}
