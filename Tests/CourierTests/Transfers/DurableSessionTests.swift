import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

@Suite("Durable sessions", .timeLimit(.minutes(1)))
struct DurableSessionTests {
    /// A durable configuration that keeps everything in `directory` and touches no user files: no cookie
    /// jar, cache or credential store, a network that is there, retries that do not really sleep.
    static func configuration(
        _ identifier: String = "tests", in directory: URL, clock: TestRetryClock = TestRetryClock(),
        network: ManualReachability = ManualReachability()
    ) -> SessionConfiguration {
        var configuration = SessionConfiguration.durable(identifier: identifier)
        configuration.durableStorageDirectory = directory.appendingPathComponent("store", isDirectory: true)
        configuration.proxy = .none
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.reachability = network
        configuration.retryPolicy = RetryPolicy(maximumRetries: 5, clock: clock)
        return configuration
    }

    static func recordFiles(in directory: URL) -> [URL] {
        let transfers = directory.appendingPathComponent("store/transfers", isDirectory: true)
        return fileNames(in: transfers).filter { $0.hasSuffix(".json") }.map { transfers.appendingPathComponent($0) }
    }

    /// Runs `body` with a server and an empty directory, and always stops the server.
    func withServerAndDirectory<Result>(
        handler: @escaping TestServer.Handler, _ body: (TestServer, URL) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            let server = try await TestServer.start(handler: handler)
            do {
                let result = try await body(server, directory)
                try await server.shutdown()
                return result
            } catch {
                try? await server.shutdown()
                throw error
            }
        }
    }

    /// Leaves on disk what a process killed mid-download leaves: the durable record, `count` bytes in
    /// `<destination>.part` and the record of validators beside it.
    func leaveInterruptedDownload(
        of entity: RangedEntity, url: URL, to destination: URL, keeping count: Int, store: URL
    ) throws -> String {
        let id = UUID().uuidString
        let partial = DownloadFiles.partialFile(for: destination)
        try entity.data.prefix(count).write(to: partial)
        let resumeData = DownloadResumeData(
            url: url, destination: destination, partialFile: partial, bytesOnDisk: Int64(count),
            entityTag: entity.entityTag, lastModified: RangedEntity.lastModified,
            expectedLength: Int64(entity.data.count))
        try resumeData.encoded().write(to: DownloadFiles.record(for: partial))
        let record = DurableTransferRecord(
            id: id, kind: .download, method: "GET", url: url, headerFields: [], destination: destination,
            partialFile: partial, created: Date())
        try FileManager.default.createDirectory(
            at: store.appendingPathComponent("transfers"), withIntermediateDirectories: true)
        try record.encoded().write(to: store.appendingPathComponent("transfers/\(id).json"))
        return id
    }

    // MARK: The identifier

    @Test func aSecondLiveSessionWithTheSameIdentifierIsRefusedUntilTheFirstIsInvalidated() async throws {
        try await withTemporaryDirectory { directory in
            let configuration = Self.configuration(in: directory)
            let first = try Session(attaching: configuration)
            #expect(throws: CourierError.self) { try Session(attaching: configuration) }
            do {
                _ = try Session(attaching: configuration)
            } catch let error as CourierError {
                #expect(error.code == .durableSessionInUse)
                #expect(error.message.contains("\"tests\""))
                #expect(error.message.contains("process \(getpid())"))
            }
            // Made without `attaching:`, such a session fails every task with the same error.
            let second = Session(configuration: configuration)
            let failure = await #expect(throws: CourierError.self) {
                try await second.download(
                    for: Request("http://127.0.0.1:9/x"), to: directory.appendingPathComponent("x"))
            }
            #expect(failure?.code == .durableSessionInUse)
            #expect(failure?.outcome == .notSent)

            await first.finishTasksAndInvalidate()
            let third = try Session(attaching: configuration)
            await third.finishTasksAndInvalidate()
            await second.finishTasksAndInvalidate()
        }
    }

    @Test func anIdentifierThatCannotNameADirectoryIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            for identifier in ["", "..", "a/b", String(repeating: "x", count: 129)] {
                let error = #expect(throws: CourierError.self) {
                    try Session(attaching: Self.configuration(identifier, in: directory))
                }
                #expect(error?.code == .invalidConfiguration)
            }
        }
    }

    @Test func theDefaultStorageDirectoryIsUnderXDGDataHome() {
        let directory = DurableStore.defaultDirectory(for: "sync", environment: ["XDG_DATA_HOME": "/data"])
        #expect(directory.path == "/data/courier/durable/sync")
        let fallback = DurableStore.defaultDirectory(for: "sync", environment: ["HOME": "/home/ann"])
        #expect(fallback.path == "/home/ann/.local/share/courier/durable/sync")
    }

    // MARK: Recording

    @Test func aDownloadIsRecordedBeforeItsRequestGoesOutAndForgottenOnceReported() async throws {
        let entity = RangedEntity(patternedData(count: 40_000))
        let seenAtRequest = Mutex<[DurableTransferRecord]>([])
        let directoryBox = Mutex<URL?>(nil)
        try await withServerAndDirectory(handler: { request in
            if let directory = directoryBox.withLock({ $0 }) {
                let records = Self.recordFiles(in: directory).compactMap {
                    (try? Data(contentsOf: $0)).flatMap(DurableTransferRecord.decode)
                }
                seenAtRequest.withLock { $0 += records }
            }
            return entity.respond(to: request)
        }) { server, directory in
            directoryBox.withLock { $0 = directory }
            let session = try Session(attaching: Self.configuration(in: directory))
            let destination = directory.appendingPathComponent("file.bin")
            let task = session.makeDownloadTask(with: Request(url: server.url("/file.bin")), to: destination)
            task.resume()
            _ = try await task.value
            await session.finishTasksAndInvalidate()

            let records = seenAtRequest.withLock { $0 }
            let record = try #require(records.first)
            #expect(records.count == 1)
            #expect(record.id == task.durableTransferID)
            #expect(record.kind == .download)
            #expect(record.phase == .pending)
            #expect(record.url == server.url("/file.bin"))
            #expect(record.destination == destination)
            #expect(record.partialFile == directory.appendingPathComponent("file.bin.part"))
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(Self.recordFiles(in: directory).isEmpty)
        }
    }

    @Test func onlyUploadsFromFilesAreAllowed() async throws {
        let bodies = Mutex<[Int]>([])
        let directoryBox = Mutex<URL?>(nil)
        try await withServerAndDirectory(handler: { request in
            let recorded = directoryBox.withLock { $0 }.map { Self.recordFiles(in: $0).count } ?? -1
            bodies.withLock { $0.append(request.body.count) }
            return .text("stored \(recorded)", status: 201)
        }) { server, directory in
            directoryBox.withLock { $0 = directory }
            let session = try Session(attaching: Self.configuration(in: directory))
            var request = try Request(server.url("/upload").absoluteString)
            request.method = .put

            let fromData = await #expect(throws: CourierError.self) {
                try await session.upload(for: request, from: Data("hello".utf8))
            }
            #expect(fromData?.code == .invalidConfiguration)
            #expect(fromData?.outcome == .notSent)
            #expect(fromData?.message.contains("only from files") == true)

            let stream = session.makeUploadTask(
                with: request, from: .stream(length: 5) { AsyncThrowingStream<Data, any Error> { $0.finish() } })
            stream.resume()
            await #expect(throws: CourierError.self) { try await stream.value }
            #expect(bodies.withLock { $0 }.isEmpty)

            let file = directory.appendingPathComponent("report.txt")
            try Data("a report".utf8).write(to: file)
            let response = try await session.upload(for: request, fromFile: file)
            #expect(response.status.code == 201)
            #expect(response.text == "stored 1")
            #expect(bodies.withLock { $0 } == [8])
            await session.finishTasksAndInvalidate()
            #expect(Self.recordFiles(in: directory).isEmpty)
        }
    }

    // MARK: Retrying

    @Test func aDownloadWhoseConnectionIsResetContinuesFromTheBytesItHas() async throws {
        let entity = RangedEntity(patternedData(count: 300_000))
        let ranges = Mutex<[String?]>([])
        try await withServerAndDirectory(handler: { request in
            let count = ranges.withLock { ranges in
                ranges.append(request.headers[.range])
                return ranges.count
            }
            if count == 1 {
                return .truncatedBody(
                    declaredLength: entity.data.count, sending: entity.data.prefix(100_000),
                    headers: [.eTag: entity.entityTag, .lastModified: RangedEntity.lastModified])
            }
            if count == 2 { return .closeConnection }
            return entity.respond(to: request)
        }) { server, directory in
            let clock = TestRetryClock()
            let session = try Session(attaching: Self.configuration(in: directory, clock: clock))
            let destination = directory.appendingPathComponent("big.bin")
            let task = session.makeDownloadTask(with: Request(url: server.url("/big.bin")), to: destination)
            let events = task.events
            task.resume()
            var resumedAt: [Int64] = []
            for await event in events {
                if case .didResumeAtOffset(let offset, _) = event { resumedAt.append(offset) }
            }
            let response = try await task.value
            await session.finishTasksAndInvalidate()

            #expect(response.status.code == 206)
            #expect(try Data(contentsOf: destination) == entity.data)
            // The bytes that reached the disk before the reset (how many of the 100 000 sent arrive before
            // the close is reported depends on the socket) are kept; both later requests ask for the rest.
            let kept = try #require(resumedAt.first)
            #expect(kept > 0 && kept <= 100_000)
            #expect(resumedAt.count == 1)
            #expect(ranges.withLock { $0 } == [nil, "bytes=\(kept)-", "bytes=\(kept)-"])
            #expect(clock.sleeps.count == 2)
            #expect((task.metrics?.retryCount ?? 0) >= 2)
            #expect(Self.recordFiles(in: directory).isEmpty)
        }
    }

    @Test func aDownloadThatStallsMidBodyContinuesInsteadOfTimingOut() async throws {
        let entity = RangedEntity(patternedData(count: 120_000))
        let stalled = GatedBody()
        defer { stalled.continuation.finish() }
        let ranges = Mutex<[String?]>([])
        try await withServerAndDirectory(handler: { request in
            let first = ranges.withLock { ranges in
                ranges.append(request.headers[.range])
                return ranges.count == 1
            }
            guard first else { return entity.respond(to: request) }
            // Half the body, then nothing: only the idle timeout notices.
            stalled.continuation.yield(entity.data.prefix(60_000))
            return .stream(
                stalled.stream,
                headers: [
                    .contentLength: String(entity.data.count), .eTag: entity.entityTag,
                    .lastModified: RangedEntity.lastModified,
                ])
        }) { server, directory in
            var configuration = Self.configuration(in: directory)
            // Long enough for the head and the first 60 000 bytes to arrive on a loaded machine (a full
            // parallel test run; 6 s was sometimes too short in CI, and the exchange was retried from the
            // start before the head came), short enough to notice the stall.
            configuration.timeoutIntervalForRequest = 12
            let session = try Session(attaching: configuration)
            let destination = directory.appendingPathComponent("stall.bin")
            try await session.download(for: Request(url: server.url("/stall.bin")), to: destination)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(ranges.withLock { $0 } == [nil, "bytes=60000-"])
            await session.finishTasksAndInvalidate()
        }
    }

    @Test func aDurableDownloadWaitsForTheNetworkInsteadOfFailing() async throws {
        let entity = RangedEntity(patternedData(count: 10_000))
        try await withServerAndDirectory(handler: { entity.respond(to: $0) }) { server, directory in
            let network = ManualReachability(.unreachable)
            let session = try Session(attaching: Self.configuration(in: directory, network: network))
            let destination = directory.appendingPathComponent("later.bin")
            let task = session.makeDownloadTask(with: Request(url: server.url("/later.bin")), to: destination)
            let events = task.events
            let counted = task.events
            let waits = Task {
                var count = 0
                for await event in counted {
                    if case .taskIsWaitingForConnectivity = event { count += 1 }
                }
                return count
            }
            task.resume()
            for await event in events {
                if case .taskIsWaitingForConnectivity = event { break }
            }
            #expect(server.recordedRequests.isEmpty)
            network.set(.reachable(via: .ethernet))
            _ = try await task.value
            #expect(await waits.value == 1)
            #expect(try Data(contentsOf: destination) == entity.data)
            await session.finishTasksAndInvalidate()
        }
    }

    @Test func aNotFoundIsNotRetriedAndTheRecordIsForgotten() async throws {
        try await withServerAndDirectory(handler: { _ in .text("no", status: 404) }) { server, directory in
            let clock = TestRetryClock()
            let session = try Session(attaching: Self.configuration(in: directory, clock: clock))
            let error = await #expect(throws: CourierError.self) {
                try await session.download(
                    for: Request(url: server.url("/gone")), to: directory.appendingPathComponent("gone"))
            }
            #expect(error?.code == .unacceptableStatusCode)
            #expect(server.recordedRequests.count == 1)
            #expect(clock.sleeps.isEmpty)
            await session.finishTasksAndInvalidate()
            #expect(Self.recordFiles(in: directory).isEmpty)
        }
    }

    // MARK: Re-attaching

    /// Counts the delegate's "finished events" calls.
    final class FinishCounter: SessionDelegate {
        let count = Atomic<Int>(0)
        func sessionDidFinishEvents(forDurableSession session: Session) {
            count.add(1, ordering: .relaxed)
        }
    }

    @Test func reattachingResumesUnfinishedDownloadsReportsFinishedOnesThenFinishesEventsOnce() async throws {
        let entity = RangedEntity(patternedData(count: 200_000))
        try await withServerAndDirectory(handler: { entity.respond(to: $0) }) { server, directory in
            let store = directory.appendingPathComponent("store")
            let destination = directory.appendingPathComponent("movie.bin")
            let url = server.url("/movie.bin")
            let pendingID = try leaveInterruptedDownload(
                of: entity, url: url, to: destination, keeping: 120_000, store: store)
            // A transfer that finished before its process could report it.
            let done = directory.appendingPathComponent("done.bin")
            try Data("done".utf8).write(to: done)
            var finished = DurableTransferRecord(
                id: "0-finished", kind: .download, method: "GET", url: server.url("/done.bin"), headerFields: [],
                destination: done, partialFile: nil, created: Date(timeIntervalSince1970: 1))
            finished.phase = .finished
            finished.statusCode = 200
            try finished.encoded().write(to: store.appendingPathComponent("transfers/0-finished.json"))

            let delegate = FinishCounter()
            let session = try Session(attaching: Self.configuration(in: directory), delegate: delegate)
            var seen: [String] = []
            var resumedTask: SessionTask?
            for await event in session.durableEvents {
                switch event {
                case .transferResumed(let task):
                    seen.append("resumed \(task.durableTransferID ?? "?")")
                    resumedTask = task
                case .transferCompleted(let report):
                    seen.append("completed \(report.id) \(report.statusCode ?? 0) \(report.error == nil)")
                case .didFinishEvents:
                    seen.append("finished events")
                }
                if case .didFinishEvents = event { break }
            }
            #expect(
                seen == [
                    "completed 0-finished 200 true", "resumed \(pendingID)", "completed \(pendingID) 206 true",
                    "finished events",
                ])
            let task = try #require(resumedTask)
            #expect(task.kind == .download)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(server.recordedRequests.map { $0.headers[.range] } == ["bytes=120000-"])
            #expect(server.recordedRequests.first?.headers[.ifRange] == entity.entityTag)
            await session.finishTasksAndInvalidate()
            #expect(delegate.count.load(ordering: .relaxed) == 1)
            #expect(Self.recordFiles(in: directory).isEmpty)

            // Nothing is left to report: the next session only says it is done, once.
            let next = try Session(attaching: Self.configuration(in: directory))
            let closing = Task { await next.finishTasksAndInvalidate() }
            var events: [String] = []
            for await event in next.durableEvents {
                if case .didFinishEvents = event { events.append("finished events") } else { events.append("other") }
            }
            await closing.value
            #expect(events == ["finished events"])
        }
    }

    @Test func aFinishedTransferNobodyReadIsReportedAgainByTheNextSession() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appendingPathComponent("store/transfers")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            var finished = DurableTransferRecord(
                id: "f", kind: .download, method: "GET", url: URL(string: "http://127.0.0.1:9/f")!, headerFields: [],
                destination: directory.appendingPathComponent("f"), partialFile: nil, created: Date())
            finished.phase = .finished
            try finished.encoded().write(to: store.appendingPathComponent("f.json"))

            let unread = try Session(attaching: Self.configuration(in: directory))
            await unread.finishTasksAndInvalidate()
            #expect(Self.recordFiles(in: directory).count == 1)

            let reader = try Session(attaching: Self.configuration(in: directory))
            var reports: [String] = []
            for await event in reader.durableEvents {
                if case .transferCompleted(let report) = event { reports.append(report.id) }
                if case .didFinishEvents = event { break }
            }
            #expect(reports == ["f"])
            #expect(Self.recordFiles(in: directory).isEmpty)
            await reader.finishTasksAndInvalidate()
        }
    }

    @Test func anUnfinishedPutUploadIsSentAgainFromItsFile() async throws {
        let bodies = Mutex<[String]>([])
        try await withServerAndDirectory(handler: { request in
            bodies.withLock { $0.append("\(request.method) \(request.bodyText ?? "")") }
            return .text("stored")
        }) { server, directory in
            let store = directory.appendingPathComponent("store/transfers")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("notes.txt")
            try Data("the notes".utf8).write(to: file)
            var upload = DurableTransferRecord(
                id: "put", kind: .upload, method: "PUT", url: server.url("/notes"), headerFields: [],
                destination: nil, partialFile: nil, created: Date())
            upload.uploadFile = file
            upload.uploadContentType = "text/plain"
            try upload.encoded().write(to: store.appendingPathComponent("put.json"))

            let session = try Session(attaching: Self.configuration(in: directory))
            var report: DurableTransferReport?
            for await event in session.durableEvents {
                if case .transferCompleted(let completed) = event { report = completed }
                if case .didFinishEvents = event { break }
            }
            #expect(report?.id == "put")
            #expect(report?.kind == .upload)
            #expect(report?.statusCode == 200)
            #expect(report?.error == nil)
            #expect(bodies.withLock { $0 } == ["PUT the notes"])
            await session.finishTasksAndInvalidate()
            #expect(Self.recordFiles(in: directory).isEmpty)
        }
    }

    @Test func anUnfinishedPostUploadIsReportedAmbiguousNotSentAgain() async throws {
        try await withServerAndDirectory(handler: { _ in .text("ok") }) { server, directory in
            let store = directory.appendingPathComponent("store/transfers")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("form.txt")
            try Data("x".utf8).write(to: file)
            var upload = DurableTransferRecord(
                id: "u", kind: .upload, method: "POST", url: server.url("/post"), headerFields: [],
                destination: nil, partialFile: nil, created: Date())
            upload.uploadFile = file
            try upload.encoded().write(to: store.appendingPathComponent("u.json"))

            let session = try Session(attaching: Self.configuration(in: directory))
            var report: DurableTransferReport?
            for await event in session.durableEvents {
                if case .transferCompleted(let completed) = event { report = completed }
                if case .didFinishEvents = event { break }
            }
            #expect(report?.error?.code == .networkConnectionLost)
            #expect(report?.error?.outcome == .ambiguous)
            #expect(server.recordedRequests.isEmpty)
            await session.finishTasksAndInvalidate()
        }
    }
}
