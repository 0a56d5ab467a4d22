import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@Suite("Download tasks", .timeLimit(.minutes(1)))
struct DownloadTaskTests {
    @Test func savesTheBodyToTheDestinationAsTheIdentityEntity() async throws {
        let entity = RangedEntity(patternedData(count: 300_000))
        try await withDownloadServer(handler: { entity.respond(to: $0) }) { server, session, directory in
            let destination = directory.appendingPathComponent("file.bin")
            let response = try await session.download(for: Request(url: server.url("/file.bin")), to: destination)
            #expect(response.status == .ok)
            guard case .file(let location) = response.body else {
                Issue.record("the body is not a file: \(response.body)")
                return
            }
            #expect(location == destination)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["file.bin"])
            #expect(server.recordedRequests.first?.headers[.acceptEncoding] == "identity")
        }
    }

    @Test func reportsProgressThenTheFileThenCompletion() async throws {
        let body = patternedData(count: 200_000)
        let chunks = stride(from: 0, to: body.count, by: 50_000).map {
            body.subdata(in: $0..<min($0 + 50_000, body.count))
        }
        try await withDownloadServer(handler: { _ in
            .chunks(chunks, headers: [.contentLength: String(body.count)])
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("out.bin")
            let task = session.makeDownloadTask(with: Request(url: server.url("/out")), to: destination)
            #expect(task.kind == .download)
            let events = task.events
            task.resume()
            var written: [Int64] = []
            var names: [String] = []
            for await event in events {
                switch event {
                case .didReceiveResponse(let response): names.append("response \(response.status.code)")
                case .didReceiveData: names.append("data")
                case .didWriteData(let count, let total, let expected):
                    #expect(expected == Int64(body.count))
                    #expect(total == (written.last ?? 0) + count)
                    written.append(total)
                case .didFinishDownloading(let location):
                    #expect(location == destination)
                    #expect(FileManager.default.fileExists(atPath: location.path))
                    names.append("finished")
                case .didComplete(let error): names.append("complete \(error == nil)")
                default: break
                }
            }
            #expect(names == ["response 200", "finished", "complete true"])
            #expect(written.last == Int64(body.count))
            #expect(task.progress.totalBytesReceived == Int64(body.count))
            let saved = try Data(contentsOf: destination)
            #expect(saved == body)
        }
    }

    @Test func writesTheRecordBesideThePartialFileWhenTheHeadArrives() async throws {
        let body = patternedData(count: 100_000)
        let gate = GatedBody()
        defer { gate.continuation.finish() }
        try await withDownloadServer(handler: { _ in
            .stream(
                gate.stream,
                headers: [
                    .contentLength: String(body.count), .eTag: "\"abc\"", .lastModified: RangedEntity.lastModified,
                ])
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("video.mp4")
            let task = session.makeDownloadTask(with: Request(url: server.url("/video.mp4")), to: destination)
            let events = task.events
            task.resume()
            gate.continuation.yield(body.prefix(40_000))
            for await event in events {
                guard case .didWriteData(_, let total, _) = event, total == 40_000 else { continue }
                break
            }
            // Mid-transfer: the bytes so far and the record are on disk, the destination is not.
            #expect(fileNames(in: directory) == ["video.mp4.part", "video.mp4.part.json"])
            let record = try DownloadResumeData(partialDownloadFor: destination)
            #expect(record.url == server.url("/video.mp4"))
            #expect(record.entityTag == "\"abc\"")
            #expect(record.lastModified == RangedEntity.lastModified)
            #expect(record.expectedLength == Int64(body.count))
            #expect(record.bytesOnDisk == 40_000)
            #expect(record.destination == destination)
            gate.continuation.yield(body.dropFirst(40_000))
            gate.continuation.finish()
            _ = try await task.value
            #expect(fileNames(in: directory) == ["video.mp4"])
            #expect(try Data(contentsOf: destination) == body)
        }
    }

    @Test(arguments: [404, 410, 416])
    func aStatusOutside2xxCancelsTheDownloadAndResetsProgress(status: Int) async throws {
        try await withDownloadServer(handler: { _ in .text("no such video", status: status) }) {
            server, session, directory in
            let destination = directory.appendingPathComponent("video.mp4")
            let task = session.makeDownloadTask(with: Request(url: server.url("/video.mp4")), to: destination)
            task.resume()
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.code == .unacceptableStatusCode)
            #expect(error?.kind == .http(status: status))
            #expect(error?.downloadResumeData == nil)
            #expect(task.progress.totalBytesReceived == 0)
            #expect(task.progress.totalBytesExpectedToReceive == nil)
            #expect(fileNames(in: directory).isEmpty)
        }
    }

    @Test func successReplacesAnOldTarget() async throws {
        let entity = RangedEntity(patternedData(count: 10_000, seed: 7))
        try await withDownloadServer(handler: { entity.respond(to: $0) }) { server, session, directory in
            let destination = directory.appendingPathComponent("report.pdf")
            try Data("the old report".utf8).write(to: destination)
            try await session.download(for: Request(url: server.url("/report.pdf")), to: destination)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["report.pdf"])
        }
    }

    @Test func withoutADestinationTheDelegateGetsATemporaryFileThatIsRemovedAfterwards() async throws {
        final class CopyingDelegate: SessionDelegate {
            let target: URL
            let seen = Mutex<URL?>(nil)
            init(target: URL) { self.target = target }
            func session(_ session: Session, downloadTask: SessionTask, didFinishDownloadingTo location: URL) {
                seen.withLock { $0 = location }
                try? FileManager.default.copyItem(at: location, to: target)
            }
        }
        let entity = RangedEntity(patternedData(count: 5_000))
        try await withTemporaryDirectory { directory in
            let target = directory.appendingPathComponent("kept.bin")
            let delegate = CopyingDelegate(target: target)
            try await withServer(delegate: delegate, handler: { entity.respond(to: $0) }) { server, session in
                let task = session.makeDownloadTask(with: Request(url: server.url("/x")), to: nil)
                task.resume()
                let response = try await task.value
                guard case .none = response.body else {
                    Issue.record("a temporary download has no file left to return: \(response.body)")
                    return
                }
                let location = try #require(delegate.seen.withLock { $0 })
                #expect(!FileManager.default.fileExists(atPath: location.path))
                #expect(!FileManager.default.fileExists(atPath: location.path + ".part"))
                #expect(!FileManager.default.fileExists(atPath: location.path + ".part.json"))
                #expect(try Data(contentsOf: target) == entity.data)
            }
        }
    }

    @Test func aPlainCancelRemovesThePartialFile() async throws {
        let gate = GatedBody()
        defer { gate.continuation.finish() }
        try await withDownloadServer(handler: { _ in
            .stream(gate.stream, headers: [.contentLength: "100000", .eTag: "\"abc\""])
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("a.bin")
            let task = session.makeDownloadTask(with: Request(url: server.url("/a")), to: destination)
            let events = task.events
            task.resume()
            gate.continuation.yield(patternedData(count: 1_000))
            for await event in events {
                if case .didWriteData = event { break }
            }
            task.cancel()
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.code == .cancelled)
            #expect(error?.downloadResumeData == nil)
            #expect(fileNames(in: directory).isEmpty)
        }
    }

    @Test func aDataTaskBecomesADownloadWhenItsDelegateSaysSo() async throws {
        final class BecomingDelegate: SessionDelegate {
            let destination: URL
            let finished = Mutex<[URL]>([])
            init(destination: URL) { self.destination = destination }
            func session(_ session: Session, task: SessionTask, didReceive response: Response) async
                -> ResponseDisposition
            {
                response.mimeType == "application/octet-stream" ? .becomeDownload(to: destination) : .allow
            }
            func session(_ session: Session, downloadTask: SessionTask, didFinishDownloadingTo location: URL) {
                finished.withLock { $0.append(location) }
            }
        }
        let entity = RangedEntity(patternedData(count: 70_000))
        try await withTemporaryDirectory { directory in
            let destination = directory.appendingPathComponent("became.bin")
            let delegate = BecomingDelegate(destination: destination)
            try await withServer(delegate: delegate, handler: { entity.respond(to: $0) }) { server, session in
                let task = session.makeDataTask(with: Request(url: server.url("/became.bin")))
                #expect(task.kind == .data)
                task.resume()
                let response = try await task.value
                #expect(task.kind == .download)
                #expect(response.data.isEmpty)
                guard case .file(let location) = response.body else {
                    Issue.record("the body is not a file: \(response.body)")
                    return
                }
                #expect(location == destination)
                #expect(delegate.finished.withLock { $0 } == [destination])
                #expect(try Data(contentsOf: destination) == entity.data)
                #expect(fileNames(in: directory) == ["became.bin"])
            }
        }
    }
}

@Suite("Parallel downloads", .timeLimit(.minutes(1)))
struct ParallelDownloadTests {
    /// Counts requests being answered at once, and holds each until the test lets them all go.
    final class Gate: Sendable {
        private struct State {
            var current = 0
            var highest = 0
            var released = false
            var waiters: [CheckedContinuation<Void, Never>] = []
        }
        private let state = Mutex(State())
        let arrivals: AsyncStream<Void>
        private let arrived: AsyncStream<Void>.Continuation

        init() { (arrivals, arrived) = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded) }

        var highest: Int { state.withLock { $0.highest } }

        /// Called by the handler: counts the request in, waits for the release, counts it out.
        func pass() async {
            arrived.yield()
            await withCheckedContinuation { continuation in
                let go = state.withLock { state in
                    state.current += 1
                    state.highest = max(state.highest, state.current)
                    if !state.released { state.waiters.append(continuation) }
                    return state.released
                }
                if go { continuation.resume() }
            }
            state.withLock { $0.current -= 1 }
        }

        func releaseAll() {
            let waiters = state.withLock { state in
                state.released = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    @Test func parallelDownloadsToOneHostRespectTheConnectionLimit() async throws {
        let gate = Gate()
        let body = patternedData(count: 20_000)
        defer { gate.releaseAll() }
        try await withTemporaryDirectory { directory in
            try await withServer(
                configure: { $0.httpMaximumConnectionsPerHost = 2 },
                handler: { _ in
                    await gate.pass()
                    return .data(body)
                }
            ) { server, session in
                let tasks = (0..<5).map { index in
                    session.makeDownloadTask(
                        with: Request(url: server.url("/file\(index)")),
                        to: directory.appendingPathComponent("file\(index)"))
                }
                for task in tasks { task.resume() }
                var arrivals = gate.arrivals.makeAsyncIterator()
                _ = await arrivals.next()
                _ = await arrivals.next()
                // Without the limit the other three would arrive now; give them the chance.
                try await Task.sleep(for: .milliseconds(200))
                #expect(gate.highest == 2)
                gate.releaseAll()
                for task in tasks { _ = try await task.value }
                #expect(gate.highest <= 2)
                #expect(fileNames(in: directory).count == 5)
            }
        }
    }
}
