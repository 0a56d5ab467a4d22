import Courier
import Foundation
import Synchronization
import Testing

/// Download tasks against a real nginx started by `.ci/interop/run.sh`: a large file byte-exact, an
/// interrupted download continued with `Range`/`If-Range`, and an `If-Range` that no longer matches.
/// Skipped unless `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"),
    .timeLimit(.minutes(5)))
struct DownloadInteropTests {
    let environment = ProcessInfo.processInfo.environment
    var httpURL: String { environment["COURIER_NGINX_HTTP_URL"] ?? "" }
    var root: URL { URL(fileURLWithPath: environment["COURIER_NGINX_ROOT"] ?? "/nonexistent") }

    func makeSession(delegate: (any SessionDelegate)? = nil) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        return Session(configuration: configuration, delegate: delegate)
    }

    /// The 32 MiB file and the 1 GiB one (`.ci/interop/run.sh` writes both).
    static let files: [(name: String, size: Int64)] = [("large.bin", 32 << 20), ("huge.bin", 1 << 30)]

    @Test(arguments: files)
    func aLargeFileArrivesByteExact(file: (name: String, size: Int64)) async throws {
        try await withTemporaryDirectory { directory in
            let session = makeSession()
            let destination = directory.appendingPathComponent(file.name)
            let task = session.makeDownloadTask(with: try Request("\(httpURL)/\(file.name)"), to: destination)
            task.resume()
            let response = try await task.value
            #expect(response.status == .ok)
            #expect(task.progress.totalBytesReceived == file.size)
            #expect(try sha256(of: destination) == sha256(of: root.appendingPathComponent(file.name)))
            #expect(fileNames(in: directory) == [file.name])
            await session.finishTasksAndInvalidate()
        }
    }

    /// Holds the transfer once half of it is on disk (from inside the write loop, so the stop is exact).
    final class HalfwayDelegate: SessionDelegate {
        let half: Int64
        let reached: AsyncStream<Void>.Continuation
        let stopped = Atomic<Bool>(false)
        init(half: Int64, reached: AsyncStream<Void>.Continuation) {
            self.half = half
            self.reached = reached
        }
        func session(
            _ session: Session, downloadTask: SessionTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
            totalBytesExpectedToWrite: Int64?
        ) {
            guard totalBytesWritten >= half, !stopped.exchange(true, ordering: .relaxed) else { return }
            downloadTask.suspend()
            reached.yield()
        }
    }

    @Test(arguments: files)
    func anInterruptedDownloadFetchesOnlyTheRemainder(file: (name: String, size: Int64)) async throws {
        try await withTemporaryDirectory { directory in
            let total = file.size
            let (reached, continuation) = AsyncStream<Void>.makeStream()
            let session = makeSession(delegate: HalfwayDelegate(half: total / 2, reached: continuation))
            let destination = directory.appendingPathComponent(file.name)
            let first = session.makeDownloadTask(with: try Request("\(httpURL)/\(file.name)"), to: destination)
            first.resume()
            for await _ in reached { break }
            let resumeData = try #require(await first.cancelProducingResumeData())
            #expect(resumeData.bytesOnDisk >= total / 2)
            #expect(resumeData.bytesOnDisk < total)
            #expect(resumeData.entityTag != nil)

            let second = session.makeDownloadTask(withResumeData: resumeData)
            second.resume()
            let response = try await second.value
            #expect(response.status.code == 206)
            // Only the missing part crossed the wire the second time.
            #expect(second.progress.totalBytesReceived == total - resumeData.bytesOnDisk)
            #expect(try sha256(of: destination) == sha256(of: root.appendingPathComponent(file.name)))
            #expect(fileNames(in: directory) == [file.name])
            await session.finishTasksAndInvalidate()
        }
    }

    @Test func aFileChangedOnTheServerIsFetchedAgainWhole() async throws {
        try await withTemporaryDirectory { directory in
            let served = root.appendingPathComponent("courier-if-range.bin")
            defer { try? FileManager.default.removeItem(at: served) }
            try patternedData(count: 2 * 1024 * 1024, seed: 1).write(to: served)
            let session = makeSession()
            let url = "\(httpURL)/courier-if-range.bin"
            // The first attempt got half the file before it stopped.
            let head = try await session.data(for: try Request(url, method: .head))
            let entityTag = try #require(head.headerFields[.eTag])
            let destination = directory.appendingPathComponent("changing.bin")
            let partial = directory.appendingPathComponent("changing.bin.part")
            try patternedData(count: 1024 * 1024, seed: 1).write(to: partial)
            let resumeData = DownloadResumeData(
                url: try Request(url).url, destination: destination, partialFile: partial, bytesOnDisk: 1024 * 1024,
                entityTag: entityTag, lastModified: head.headerFields[.lastModified], expectedLength: 2 * 1024 * 1024)

            // Then the file changed (nginx's ETag is its mtime and size).
            let changed = patternedData(count: 3 * 1024 * 1024, seed: 2)
            try changed.write(to: served)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: served.path)

            let task = session.makeDownloadTask(withResumeData: resumeData)
            task.resume()
            let response = try await task.value
            #expect(response.status == .ok)
            #expect(response.headerFields[.eTag] != entityTag)
            #expect(task.progress.totalBytesReceived == Int64(changed.count))
            #expect(try Data(contentsOf: destination) == changed)
            #expect(fileNames(in: directory) == ["changing.bin"])
            await session.finishTasksAndInvalidate()
        }
    }

    @Test func anUnchangedFileAnswers206ToIfRange() async throws {
        try await withTemporaryDirectory { directory in
            let session = makeSession()
            let url = "\(httpURL)/large.bin"
            let head = try await session.data(for: try Request(url, method: .head))
            let destination = directory.appendingPathComponent("large.bin")
            let partial = directory.appendingPathComponent("large.bin.part")
            let original = try FileHandle(forReadingFrom: root.appendingPathComponent("large.bin"))
            let prefix = try original.read(upToCount: 1_000_000) ?? Data()
            try original.close()
            try prefix.write(to: partial)
            let resumeData = DownloadResumeData(
                url: try Request(url).url, destination: destination, partialFile: partial,
                bytesOnDisk: Int64(prefix.count), entityTag: nil, lastModified: head.headerFields[.lastModified],
                expectedLength: nil)
            let task = session.makeDownloadTask(withResumeData: resumeData)
            task.resume()
            let response = try await task.value
            // With only Last-Modified as validator nginx still honours the range.
            #expect(response.status.code == 206)
            #expect(task.progress.totalBytesReceived == 32 * 1024 * 1024 - 1_000_000)
            #expect(try sha256(of: destination) == sha256(of: root.appendingPathComponent("large.bin")))
            await session.finishTasksAndInvalidate()
        }
    }
}
