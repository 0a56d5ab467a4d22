import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import CourierCLI

/// `courier download --durable` as a real child process, killed with `kill -9` halfway and run again.
@Suite("courier download --durable", .timeLimit(.minutes(2)))
struct DurableDownloadCommandTests {
    static let entity = Data((0..<4 * 1024 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ ($0 >> 11)) })
    static let half = 2 * 1024 * 1024
    static let entityTag = "\"d1\""

    /// The `courier` executable built beside this test bundle (`swift build --build-tests` builds both).
    static func courierExecutable() -> URL? {
        var candidates: [URL] = []
        if let test = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: test).deletingLastPathComponent().appendingPathComponent("courier"))
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "courier"))
        candidates.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
                ".build/debug/courier"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A `courier download URL -o FILE --durable` child process, with its durable records under
    /// `dataHome`. Waiting for it never holds a thread of the cooperative pool, which the in-process server
    /// needs to answer it.
    final class Child: Sendable {
        let process: TestProcess

        init(_ executable: URL, url: URL, to file: URL, dataHome: URL) throws {
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.lowercased().contains("proxy") }
            environment["XDG_DATA_HOME"] = dataHome.path
            process = try TestProcess(
                executable.path,
                ["download", url.absoluteString, "-o", file.path, "--durable", "--timeout", "30"],
                environment: environment, error: .capture)
        }

        deinit {
            // A failed test must not leave a durable download retrying forever.
            process.signal(SIGKILL)
        }

        /// Waits for the process to end and returns how it ended and what it wrote to standard error.
        func finished() async -> (TestProcess.Termination, String) {
            let termination = await process.exited()
            return (termination, String(decoding: process.errorOutput, as: UTF8.self))
        }

        /// Kills the process and returns how it ended.
        func kill9() async -> TestProcess.Termination {
            process.signal(SIGKILL)
            return await process.exited()
        }
    }

    static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? NSNumber)?.intValue ?? -1
    }

    /// Waits until `file` holds `bytes` bytes, or `child` ended, or 60 s passed (a safety net). What another
    /// process writes raises no event here, so the size is looked at again every 20 ms.
    static func waitUntil(_ file: URL, holds bytes: Int, writtenBy child: Child) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while size(of: file) < bytes, child.process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aDownloadKilledHalfwayIsCompletedByTheNextRunFetchingOnlyTheRemainder() async throws {
        let executable = try #require(Self.courierExecutable(), "build the courier executable first")
        let firstBody = AsyncStream<Data>.makeStream(bufferingPolicy: .unbounded)
        defer { firstBody.continuation.finish() }
        // Per request: the Range header and the bytes of body served.
        let served = Mutex<[(range: String?, bytes: Int)]>([])
        let server = try await TestServer.start { request in
            let headers: HTTPFields = [
                .eTag: Self.entityTag, .acceptRanges: "bytes", .contentType: "application/octet-stream",
            ]
            let range = request.headers[.range]
            if let range, request.headers[.ifRange] == Self.entityTag, range.hasPrefix("bytes="),
                let start = Int(range.dropFirst(6).dropLast()), start < Self.entity.count
            {
                var partial = headers
                partial[.contentRange] = "bytes \(start)-\(Self.entity.count - 1)/\(Self.entity.count)"
                served.withLock { $0.append((range, Self.entity.count - start)) }
                return .data(Self.entity.subdata(in: start..<Self.entity.count), status: 206, headers: partial)
            }
            // The first answer: the test lets half through, then holds the rest back.
            served.withLock { $0.append((range, Self.half)) }
            var full = headers
            full[.contentLength] = String(Self.entity.count)
            return .stream(firstBody.stream, headers: full)
        }
        defer { Task { try? await server.shutdown() } }

        try await withTemporaryDirectoryForCLI { directory in
            let file = directory.appendingPathComponent("image.iso")
            let dataHome = directory.appendingPathComponent("data")
            let url = server.url("/image.iso")

            let first = try Child(executable, url: url, to: file, dataHome: dataHome)
            for offset in stride(from: 0, to: Self.half, by: 256 * 1024) {
                firstBody.continuation.yield(Self.entity.subdata(in: offset..<offset + 256 * 1024))
            }
            let partial = directory.appendingPathComponent("image.iso.part")
            try await Self.waitUntil(partial, holds: Self.half, writtenBy: first)
            #expect(Self.size(of: partial) == Self.half)
            let killed = await first.kill9()
            #expect(killed.signal == SIGKILL)

            // What the killed process left: the partial file, its validators and the durable record.
            let identifier = DownloadCommand.durableIdentifier(for: file)
            let transfers = dataHome.appendingPathComponent("courier/durable/\(identifier)/transfers")
            #expect(try FileManager.default.contentsOfDirectory(atPath: transfers.path).count == 1)
            let kept = try DownloadResumeData(partialDownloadFor: file)
            #expect(kept.bytesOnDisk == Int64(Self.half))
            #expect(kept.entityTag == Self.entityTag)

            let second = try Child(executable, url: url, to: file, dataHome: dataHome)
            let (ended, message) = await second.finished()
            #expect(ended.succeeded, "\(message)")
            #expect(message.contains("continued from byte \(Self.half)"), "\(message)")

            let requests = served.withLock { $0 }
            #expect(requests.map(\.range) == [nil, "bytes=\(Self.half)-"])
            // The second run moved only the remainder.
            #expect(requests.last?.bytes == Self.entity.count - Self.half)
            #expect(try Data(contentsOf: file) == Self.entity)
            #expect(!FileManager.default.fileExists(atPath: partial.path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: transfers.path).isEmpty)
        }
    }

    @Test func aRunForAnotherURLToTheSameFileReplacesWhatAKilledRunLeft() async throws {
        let executable = try #require(Self.courierExecutable(), "build the courier executable first")
        let oldEntity = Data(Self.entity.reversed())
        let oldBody = AsyncStream<Data>.makeStream(bufferingPolicy: .unbounded)
        defer { oldBody.continuation.finish() }
        let served = Mutex<[String]>([])
        let server = try await TestServer.start { request in
            served.withLock { $0.append("\(request.path) \(request.headers[.range] ?? "-")") }
            if request.path == "/old.iso", request.headers[.range] == nil {
                return .stream(
                    oldBody.stream, headers: [.eTag: "\"old\"", .contentLength: String(oldEntity.count)])
            }
            if request.path == "/old.iso" { return .text("gone", status: 404) }
            return .data(Self.entity, headers: [.eTag: Self.entityTag])
        }
        defer { Task { try? await server.shutdown() } }

        try await withTemporaryDirectoryForCLI { directory in
            let file = directory.appendingPathComponent("image.iso")
            let dataHome = directory.appendingPathComponent("data")
            let first = try Child(executable, url: server.url("/old.iso"), to: file, dataHome: dataHome)
            oldBody.continuation.yield(oldEntity.prefix(Self.half))
            let partial = directory.appendingPathComponent("image.iso.part")
            try await Self.waitUntil(partial, holds: Self.half, writtenBy: first)
            _ = await first.kill9()

            let second = try Child(executable, url: server.url("/image.iso"), to: file, dataHome: dataHome)
            let (ended, message) = await second.finished()
            #expect(ended.succeeded, "\(message)")
            #expect(!message.contains("continued"), "\(message)")
            #expect(try Data(contentsOf: file) == Self.entity)
            // The re-attached task for the old URL is cancelled as soon as the command sees it, but its
            // request may already be on the wire and reach the server after the new one: only what was
            // asked of the new URL is certain.
            let requests = served.withLock { $0 }
            #expect(requests.filter { $0.hasPrefix("/image.iso") } == ["/image.iso -"])
            #expect(requests.filter { $0.hasPrefix("/old.iso") }.first == "/old.iso -")
        }
    }

    @Test func theSessionNameDependsOnTheWholeDestinationPath() {
        let one = DownloadCommand.durableIdentifier(for: URL(fileURLWithPath: "/a/big file.iso"))
        let two = DownloadCommand.durableIdentifier(for: URL(fileURLWithPath: "/b/big file.iso"))
        #expect(one != two)
        #expect(one.hasPrefix("download-big_file.iso-"))
        #expect(one == DownloadCommand.durableIdentifier(for: URL(fileURLWithPath: "/a/big file.iso")))
    }

    func withTemporaryDirectoryForCLI(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-cli-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }
}
