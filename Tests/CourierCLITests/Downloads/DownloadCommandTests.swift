import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import CourierCLI

@Suite("courier download", .timeLimit(.minutes(1)))
struct DownloadCommandTests {
    static let body = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 9)) })

    /// Serves `body` with an ETag and byte ranges; `/truncated` breaks off after a third unless asked for a
    /// range; `/named` adds a hostile Content-Disposition.
    static let handler: TestServer.Handler = { request in
        var headers: HTTPFields = [.eTag: "\"b1\"", .acceptRanges: "bytes"]
        if request.path == "/missing" { return .text("not here", status: 404) }
        if request.path == "/named" {
            headers[HTTPField.Name("Content-Disposition")!] = #"attachment; filename="../../etc/passwd""#
        }
        if let range = request.headers[.range], range.hasPrefix("bytes="), request.headers[.ifRange] == "\"b1\"",
            let start = Int(range.dropFirst(6).dropLast()), start < body.count
        {
            headers[.contentRange] = "bytes \(start)-\(body.count - 1)/\(body.count)"
            return .data(body.subdata(in: start..<body.count), status: 206, headers: headers)
        }
        if request.path == "/truncated" {
            return .truncatedBody(declaredLength: body.count, sending: body.prefix(50_000), headers: headers)
        }
        return .data(body, headers: headers)
    }

    func run(_ arguments: [String], terminal: Bool = false) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(terminal: terminal))
        return (status, capture.standardOutput, capture.standardError)
    }

    func withServerAndDirectory(_ body: (TestServer, URL) async throws -> Void) async throws {
        let server = try await TestServer.start(handler: Self.handler)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-cli-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try await body(server, directory)
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    func contents(of file: URL) -> Data? {
        try? Data(contentsOf: file)
    }

    func names(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func savesToTheFileNamedWithO() async throws {
        try await withServerAndDirectory { server, directory in
            let file = directory.appendingPathComponent("out.bin")
            let (status, out, error) = await run(["download", server.url("/data.bin").absoluteString, "-o", file.path])
            #expect(status == 0)
            #expect(out.isEmpty)
            #expect(error.contains("saved \(file.path)"))
            #expect(contents(of: file) == Self.body)
            #expect(names(in: directory) == ["out.bin"])
        }
    }

    @Test func dotSegmentsAreResolvedUnlessPathAsIs() async throws {
        try await withServerAndDirectory { server, directory in
            let base = "http://127.0.0.1:\(server.port)"
            let resolved = directory.appendingPathComponent("resolved.bin")
            let first = await run(["download", base + "/files/../data.bin", "-o", resolved.path])
            #expect(first.0 == 0, "\(first.2)")
            let asIs = directory.appendingPathComponent("as-is.bin")
            let second = await run(["download", base + "/files/../data.bin", "-o", asIs.path, "--path-as-is"])
            #expect(second.0 == 0, "\(second.2)")
            #expect(server.recordedRequests.map(\.path) == ["/data.bin", "/files/../data.bin"])
        }
    }

    @Test func aHostileContentDispositionSavesASafeNameInTheChosenDirectory() async throws {
        try await withServerAndDirectory { server, directory in
            let (status, _, error) = await run([
                "download", server.url("/named").absoluteString, "-o", directory.path + "/",
            ])
            #expect(status == 0, "\(error)")
            #expect(names(in: directory) == ["passwd"])
            #expect(contents(of: directory.appendingPathComponent("passwd")) == Self.body)
        }
    }

    @Test func aNameFromTheURLNeverReplacesAnExistingFile() async throws {
        try await withServerAndDirectory { server, directory in
            let existing = directory.appendingPathComponent("a.mp4")
            try Data("mine".utf8).write(to: existing)
            let url = server.url("/a.mp4").absoluteString
            let (status, _, error) = await run(["download", url, "-o", directory.path + "/"])
            #expect(status == 0, "\(error)")
            #expect(error.contains("saved \(directory.path)/a.mp4-1 "))
            #expect(contents(of: existing) == Data("mine".utf8))
            #expect(contents(of: directory.appendingPathComponent("a.mp4-1")) == Self.body)

            let (replaced, _, _) = await run(["download", url, "-o", directory.path + "/", "--overwrite"])
            #expect(replaced == 0)
            #expect(contents(of: existing) == Self.body)

            try Data("mine".utf8).write(to: existing)
            let (named, _, _) = await run(["download", url, "-o", existing.path])
            #expect(named == 0)
            #expect(contents(of: existing) == Self.body)
            #expect(names(in: directory) == ["a.mp4", "a.mp4-1"])
        }
    }

    @Test func aNameFromContentDispositionNeverReplacesAnExistingFile() async throws {
        try await withServerAndDirectory { server, directory in
            try Data("mine".utf8).write(to: directory.appendingPathComponent("passwd"))
            let (status, _, error) = await run([
                "download", server.url("/named").absoluteString, "-o", directory.path + "/",
            ])
            #expect(status == 0, "\(error)")
            #expect(names(in: directory) == ["passwd", "passwd-1"])
            #expect(contents(of: directory.appendingPathComponent("passwd")) == Data("mine".utf8))
            #expect(contents(of: directory.appendingPathComponent("passwd-1")) == Self.body)
        }
    }

    @Test func anInterruptedDownloadContinuesWithTheContinueFlag() async throws {
        try await withServerAndDirectory { server, directory in
            let file = directory.appendingPathComponent("big.bin")
            let url = server.url("/truncated").absoluteString
            let (firstStatus, _, firstError) = await run(["download", url, "-o", file.path])
            #expect(firstStatus == 1)
            #expect(firstError.contains("--continue"))
            #expect(names(in: directory) == ["big.bin.part", "big.bin.part.json"])
            // The bytes that reached the file before the connection broke (at most the 50000 sent).
            let kept = contents(of: directory.appendingPathComponent("big.bin.part"))?.count ?? 0
            #expect(kept > 0 && kept <= 50_000)

            let (status, _, error) = await run(["download", url, "-o", file.path, "--continue"])
            #expect(status == 0, "\(error)")
            #expect(error.contains("continued from byte \(kept)"))
            #expect(server.recordedRequests.last?.headers[.range] == "bytes=\(kept)-")
            #expect(contents(of: file) == Self.body)
            #expect(names(in: directory) == ["big.bin"])
        }
    }

    @Test func continueWithoutAPartialFileOrForAnotherURLStartsOver() async throws {
        try await withServerAndDirectory { server, directory in
            let file = directory.appendingPathComponent("a.bin")
            let (status, _, error) = await run([
                "download", server.url("/a.bin").absoluteString, "-o", file.path, "-c",
            ])
            #expect(status == 0)
            #expect(error.contains("no partial download"))

            let partial = directory.appendingPathComponent("a.bin.part")
            try Data(repeating: 9, count: 1_000).write(to: partial)
            let record = DownloadResumeData(
                url: server.url("/elsewhere"), destination: file, partialFile: partial, bytesOnDisk: 1_000,
                entityTag: "\"b1\"", lastModified: nil, expectedLength: nil)
            try record.encoded().write(to: directory.appendingPathComponent("a.bin.part.json"))
            let (again, _, note) = await run(["download", server.url("/a.bin").absoluteString, "-o", file.path, "-c"])
            #expect(again == 0)
            #expect(note.contains("not this URL"))
            #expect(server.recordedRequests.last?.headers[.range] == nil)
            #expect(contents(of: file) == Self.body)
        }
    }

    @Test func aMissingFileExitsWithTheStatusClassAndSavesNothing() async throws {
        try await withServerAndDirectory { server, directory in
            let file = directory.appendingPathComponent("missing.bin")
            let (status, _, error) = await run(["download", server.url("/missing").absoluteString, "-o", file.path])
            #expect(status == CourierCLI.ExitStatus.clientError4xx)
            #expect(error.contains("404"))
            #expect(names(in: directory).isEmpty)
        }
    }

    @Test func aMissingDirectoryIsOneClearLine() async throws {
        try await withServerAndDirectory { server, directory in
            let file = directory.appendingPathComponent("no/such/dir/x.bin")
            let (status, _, error) = await run(["download", server.url("/x").absoluteString, "-o", file.path])
            #expect(status == 1)
            #expect(error.hasPrefix("courier: error: cannot write the download"))
            #expect(error.contains("does the directory exist?"))
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func aTerminalGetsAProgressLine() async throws {
        try await withServerAndDirectory { server, directory in
            let file = directory.appendingPathComponent("p.bin")
            let (status, _, error) = await run(
                ["download", server.url("/p.bin").absoluteString, "-o", file.path], terminal: true)
            #expect(status == 0)
            #expect(error.contains("\r[========================] 100% 146.5 KiB of 146.5 KiB"))
        }
    }

    @Test func progressLineFormatting() {
        #expect(DownloadProgressLine.byteCount(512) == "512 B")
        #expect(DownloadProgressLine.byteCount(15_000) == "14.6 KiB")
        #expect(DownloadProgressLine.byteCount(3 * 1024 * 1024 * 1024) == "3.0 GiB")
        #expect(DownloadProgressLine.clock(7) == "0:07")
        #expect(DownloadProgressLine.clock(3723) == "1:02:03")
        let line = DownloadProgressLine.describe(
            written: 50 * 1024 * 1024, expected: 100 * 1024 * 1024, offset: 0, elapsed: .seconds(5))
        #expect(line == "50% 50.0 MiB of 100.0 MiB, 10.0 MiB/s, 0:05 left")
        #expect(
            DownloadProgressLine.describe(written: 2048, expected: nil, offset: 0, elapsed: .seconds(1))
                == "2.0 KiB, 2.0 KiB/s")
    }
}
