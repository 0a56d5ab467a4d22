import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@Suite("Resuming downloads", .timeLimit(.minutes(1)))
struct DownloadResumeTests {
    /// A server whose first full answer is released piece by piece (so a test can stop it midway);
    /// range requests are answered by `entity` at once.
    func gatedThenRanged(_ entity: RangedEntity, gate: GatedBody) -> TestServer.Handler {
        { request in
            if request.headers[.range] != nil { return entity.respond(to: request) }
            return .stream(
                gate.stream,
                headers: [
                    .contentLength: String(entity.data.count), .eTag: entity.entityTag,
                    .lastModified: RangedEntity.lastModified,
                ])
        }
    }

    /// Starts a download, lets `count` bytes through, then cancels it asking for resume data.
    func interrupt(
        _ session: Session, url: URL, destination: URL, gate: GatedBody, after data: Data
    ) async throws -> DownloadResumeData {
        let task = session.makeDownloadTask(with: Request(url: url), to: destination)
        let events = task.events
        task.resume()
        gate.continuation.yield(data)
        for await event in events {
            guard case .didWriteData(_, let total, _) = event, total == Int64(data.count) else { continue }
            break
        }
        return try #require(await task.cancelProducingResumeData())
    }

    @Test func cancellingWithResumeDataThenResumingAppendsOnlyTheRemainder() async throws {
        let entity = RangedEntity(patternedData(count: 256_000), entityTag: "\"v1\"")
        let gate = GatedBody()
        defer { gate.continuation.finish() }
        try await withDownloadServer(handler: gatedThenRanged(entity, gate: gate)) { server, session, directory in
            let destination = directory.appendingPathComponent("movie.mp4")
            let resumeData = try await interrupt(
                session, url: server.url("/movie.mp4"), destination: destination, gate: gate,
                after: entity.data.prefix(100_000))
            #expect(resumeData.bytesOnDisk == 100_000)
            #expect(resumeData.entityTag == "\"v1\"")
            #expect(resumeData.expectedLength == 256_000)
            #expect(resumeData.partialFile == directory.appendingPathComponent("movie.mp4.part"))
            #expect(fileNames(in: directory) == ["movie.mp4.part", "movie.mp4.part.json"])

            let task = session.makeDownloadTask(withResumeData: resumeData)
            let events = task.events
            task.resume()
            var resumedAt: [Int64] = []
            var lastTotal: Int64 = 0
            for await event in events {
                if case .didResumeAtOffset(let offset, let expected) = event {
                    resumedAt.append(offset)
                    #expect(expected == 256_000)
                }
                if case .didWriteData(_, let total, _) = event { lastTotal = total }
            }
            let response = try await task.value
            #expect(response.status.code == 206)
            #expect(resumedAt == [100_000])
            #expect(lastTotal == 256_000)
            #expect(task.progress.totalBytesReceived == 156_000)
            let ranged = try #require(server.recordedRequests.last)
            #expect(ranged.headers[.range] == "bytes=100000-")
            #expect(ranged.headers[.ifRange] == "\"v1\"")
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["movie.mp4"])
        }
    }

    @Test func aChangedEntityAnswered200StartsOver() async throws {
        let entity = RangedEntity(patternedData(count: 120_000), entityTag: "\"v1\"")
        let gate = GatedBody()
        defer { gate.continuation.finish() }
        try await withDownloadServer(handler: gatedThenRanged(entity, gate: gate)) { server, session, directory in
            let destination = directory.appendingPathComponent("doc.bin")
            let resumeData = try await interrupt(
                session, url: server.url("/doc.bin"), destination: destination, gate: gate,
                after: entity.data.prefix(50_000))
            entity.replace(with: patternedData(count: 90_000, seed: 99), entityTag: "\"v2\"")
            let task = session.makeDownloadTask(withResumeData: resumeData)
            let events = task.events
            task.resume()
            var resumed = false
            var firstTotal: Int64?
            for await event in events {
                if case .didResumeAtOffset = event { resumed = true }
                if case .didWriteData(let count, let total, _) = event, firstTotal == nil {
                    firstTotal = total
                    #expect(total == count)
                }
            }
            let response = try await task.value
            #expect(response.status == .ok)
            #expect(!resumed)
            #expect(firstTotal != nil)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["doc.bin"])
        }
    }

    @Test func a416ForAFileThatIsAlreadyWholeFinishesIt() async throws {
        let entity = RangedEntity(patternedData(count: 30_000), entityTag: "\"whole\"")
        try await withDownloadServer(handler: { entity.respond(to: $0) }) { server, session, directory in
            let destination = directory.appendingPathComponent("whole.bin")
            let partial = directory.appendingPathComponent("whole.bin.part")
            try entity.data.write(to: partial)
            let resumeData = DownloadResumeData(
                url: server.url("/whole.bin"), destination: destination, partialFile: partial, bytesOnDisk: 30_000,
                entityTag: "\"whole\"", lastModified: nil, expectedLength: 30_000)
            let response = try await session.download(resumingWith: resumeData)
            #expect(response.status.code == 416)
            #expect(server.recordedRequests.last?.headers[.range] == "bytes=30000-")
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["whole.bin"])
        }
    }

    @Test func aContentRangeThatStartsElsewhereIsAnErrorAndKeepsThePartialFile() async throws {
        let entity = RangedEntity(patternedData(count: 40_000))
        try await withDownloadServer(handler: { _ in
            .data(
                entity.data.subdata(in: 1_000..<40_000), status: 206,
                headers: [.contentRange: "bytes 1000-39999/40000", .eTag: "\"v1\""])
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("shifted.bin")
            let partial = directory.appendingPathComponent("shifted.bin.part")
            try entity.data.prefix(5_000).write(to: partial)
            let resumeData = DownloadResumeData(
                url: server.url("/shifted.bin"), destination: destination, partialFile: partial, bytesOnDisk: 5_000,
                entityTag: "\"v1\"", lastModified: nil, expectedLength: 40_000)
            let error = await #expect(throws: CourierError.self) {
                try await session.download(resumingWith: resumeData)
            }
            #expect(error?.code == .badServerResponse)
            #expect(error?.message.contains("bytes from 1000") == true)
            #expect(error?.downloadResumeData?.bytesOnDisk == 5_000)
            #expect(try Data(contentsOf: partial) == entity.data.prefix(5_000))
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }

    @Test func resumeDataOfAnotherURLOrWithoutItsPartialFileStartsOverCleanly() async throws {
        let entity = RangedEntity(patternedData(count: 20_000))
        try await withDownloadServer(handler: { entity.respond(to: $0) }) { server, session, directory in
            let destination = directory.appendingPathComponent("fresh.bin")
            let partial = directory.appendingPathComponent("fresh.bin.part")
            try Data(repeating: 0xEE, count: 8_000).write(to: partial)
            let otherURL = DownloadResumeData(
                url: server.url("/other.bin"), destination: destination, partialFile: partial, bytesOnDisk: 8_000,
                entityTag: entity.entityTag, lastModified: nil, expectedLength: 20_000)
            let task = session.makeDownloadTask(
                with: Request(url: server.url("/fresh.bin")), to: destination, resumingFrom: otherURL)
            task.resume()
            _ = try await task.value
            #expect(server.recordedRequests.last?.headers[.range] == nil)
            #expect(try Data(contentsOf: destination) == entity.data)

            let missing = DownloadResumeData(
                url: server.url("/fresh.bin"), destination: destination,
                partialFile: directory.appendingPathComponent("gone.part"), bytesOnDisk: 8_000,
                entityTag: entity.entityTag, lastModified: nil, expectedLength: 20_000)
            try await session.download(resumingWith: missing)
            #expect(server.recordedRequests.last?.headers[.range] == nil)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["fresh.bin"])
        }
    }

    @Test func aLostConnectionCarriesResumeDataThatFinishesTheDownload() async throws {
        let entity = RangedEntity(patternedData(count: 64_000), entityTag: "\"lost\"")
        try await withDownloadServer(handler: { request in
            if request.headers[.range] != nil { return entity.respond(to: request) }
            return .truncatedBody(
                declaredLength: 64_000, sending: entity.data.prefix(24_000),
                headers: [.eTag: entity.entityTag])
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("lost.bin")
            let error = await #expect(throws: CourierError.self) {
                try await session.download(for: Request(url: server.url("/lost.bin")), to: destination)
            }
            #expect(error?.code == .networkConnectionLost)
            let resumeData = try #require(error?.downloadResumeData)
            // What reached the file before the connection broke (the client may drop what it had buffered).
            #expect(resumeData.bytesOnDisk > 0 && resumeData.bytesOnDisk <= 24_000)
            #expect(DownloadResumeDataFile.size(of: resumeData.partialFile) == resumeData.bytesOnDisk)
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            try await session.download(resumingWith: resumeData)
            #expect(server.recordedRequests.last?.headers[.range] == "bytes=\(resumeData.bytesOnDisk)-")
            #expect(try Data(contentsOf: destination) == entity.data)
        }
    }

    @Test func withoutValidatorsALostConnectionRemovesThePartialFile() async throws {
        try await withDownloadServer(handler: { _ in
            .truncatedBody(declaredLength: 10_000, sending: Data(repeating: 1, count: 3_000))
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("plain.bin")
            let error = await #expect(throws: CourierError.self) {
                try await session.download(for: Request(url: server.url("/plain.bin")), to: destination)
            }
            #expect(error?.code == .networkConnectionLost)
            #expect(error?.downloadResumeData == nil)
            #expect(fileNames(in: directory).isEmpty)
        }
    }

    @Test func aKilledProcessLeavesARecordThatContinues() async throws {
        // What `--continue` does after a crash: the record beside the partial file is the resume data.
        let entity = RangedEntity(patternedData(count: 50_000), entityTag: "\"crash\"")
        try await withDownloadServer(handler: { entity.respond(to: $0) }) { server, session, directory in
            let destination = directory.appendingPathComponent("crash.bin")
            let partial = directory.appendingPathComponent("crash.bin.part")
            try entity.data.prefix(12_345).write(to: partial)
            let record = DownloadResumeData(
                url: server.url("/crash.bin"), destination: destination, partialFile: partial, bytesOnDisk: 0,
                entityTag: "\"crash\"", lastModified: nil, expectedLength: 50_000)
            try record.encoded().write(to: directory.appendingPathComponent("crash.bin.part.json"))

            let found = try DownloadResumeData(partialDownloadFor: destination)
            #expect(found.bytesOnDisk == 12_345)
            try await session.download(resumingWith: found)
            #expect(server.recordedRequests.last?.headers[.range] == "bytes=12345-")
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["crash.bin"])
        }
    }

    @Test func resumeDataIsPlainJSONThatRoundTrips() throws {
        let resumeData = DownloadResumeData(
            url: URL(string: "https://example.com/a.iso")!,
            requestHeaderFields: [.init(name: "X-Client", value: "courier")],
            destination: URL(fileURLWithPath: "/tmp/a.iso"), partialFile: URL(fileURLWithPath: "/tmp/a.iso.part"),
            bytesOnDisk: 1024, entityTag: "\"e\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT", expectedLength: 4096)
        let json = resumeData.encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["url"] as? String == "https://example.com/a.iso")
        #expect(object["bytesOnDisk"] as? Int == 1024)
        #expect(object["entityTag"] as? String == "\"e\"")
        #expect(try DownloadResumeData(encoded: json) == resumeData)
        #expect(resumeData.resumingRequest.headerFields[HTTPField.Name("X-Client")!] == "courier")
        #expect(throws: CourierError.self) { try DownloadResumeData(encoded: Data("not json".utf8)) }
    }

    @Test func credentialsAreNeverRecorded() async throws {
        let entity = RangedEntity(patternedData(count: 10_000))
        let gate = GatedBody()
        defer { gate.continuation.finish() }
        try await withDownloadServer(handler: gatedThenRanged(entity, gate: gate)) { server, session, directory in
            let destination = directory.appendingPathComponent("secret.bin")
            var request = Request(url: server.url("/secret.bin"))
            request.headerFields[.authorization] = "Bearer s3cret"
            request.headerFields[HTTPField.Name("X-Trace")!] = "on"
            let task = session.makeDownloadTask(with: request, to: destination)
            let events = task.events
            task.resume()
            gate.continuation.yield(entity.data.prefix(1_000))
            for await event in events {
                if case .didWriteData = event { break }
            }
            let record = try String(
                contentsOf: directory.appendingPathComponent("secret.bin.part.json"), encoding: .utf8)
            #expect(!record.contains("s3cret"))
            #expect(record.contains("X-Trace"))
            let resumeData = try #require(await task.cancelProducingResumeData())
            #expect(!resumeData.requestHeaderFields.contains { $0.name.lowercased() == "authorization" })
        }
    }

    @Test func aPasswordInTheURLIsNeverRecorded() throws {
        let url = URL(string: "https://ann:hunter2@files.test/big.iso")!
        let record = DownloadResumeData(
            url: url, destination: nil, partialFile: URL(fileURLWithPath: "/tmp/x.part"), bytesOnDisk: 1,
            entityTag: "\"e\"", lastModified: nil, expectedLength: 2)
        let text = String(decoding: record.encoded(), as: UTF8.self)
        #expect(!text.contains("hunter2"))
        #expect(text.contains("ann@files.test"))
        #expect(record.isRecord(of: url))
        // A record written by an older version with the password is cleaned when read.
        let old = text.replacingOccurrences(of: "ann@files.test", with: "ann:hunter2@files.test")
        let read = try DownloadResumeData(encoded: Data(old.utf8))
        #expect(read.url.password == nil)
    }
}
