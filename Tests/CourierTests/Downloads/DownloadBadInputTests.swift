import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import Courier

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Downloads with bad input", .timeLimit(.minutes(1)))
struct DownloadBadInputTests {
    @Test func aBodyLongerThanItsContentLengthIsCutAtTheDeclaredLength() async throws {
        let body = patternedData(count: 30_000)
        try await withDownloadServer(handler: { _ in
            // Content-Length says 10 000, then 30 000 bytes follow before the connection closes.
            .raw(
                Data("HTTP/1.1 200 OK\r\nContent-Length: 10000\r\nETag: \"x\"\r\nConnection: close\r\n\r\n".utf8) + body
            )
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("long.bin")
            // HTTP/1.1 frames the body by Content-Length: the entity is the 10 000 bytes declared, and the rest
            // is garbage on the connection (which is closed), never part of the file.
            try await session.download(for: Request(url: server.url("/long.bin")), to: destination)
            #expect(try Data(contentsOf: destination) == body.prefix(10_000))
        }
    }

    @Test func aRangedBodyLongerThanItsContentRangeIsAnError() async throws {
        let entity = RangedEntity(patternedData(count: 40_000))
        try await withDownloadServer(handler: { _ in
            // Chunked, so only Content-Range says how long the body should be: 30 000 bytes, and 35 000 come.
            .chunks(
                [entity.data.subdata(in: 10_000..<30_000), entity.data.subdata(in: 10_000..<25_000)], status: 206,
                headers: [.contentRange: "bytes 10000-39999/40000", .eTag: entity.entityTag])
        }) { server, session, directory in
            let destination = directory.appendingPathComponent("ranged.bin")
            let partial = directory.appendingPathComponent("ranged.bin.part")
            try entity.data.prefix(10_000).write(to: partial)
            let resumeData = DownloadResumeData(
                url: server.url("/ranged.bin"), destination: destination, partialFile: partial, bytesOnDisk: 10_000,
                entityTag: entity.entityTag, lastModified: nil, expectedLength: 40_000)
            let error = await #expect(throws: CourierError.self) {
                try await session.download(resumingWith: resumeData)
            }
            #expect(error?.code == .badServerResponse)
            #expect(error?.message.contains("more than the 30000 bytes") == true)
            #expect(fileNames(in: directory).isEmpty)
        }
    }

    @Test func aServerThatStallsMidTransferTimesOutWithResumeData() async throws {
        let gate = GatedBody()
        defer { gate.continuation.finish() }
        let server = try await TestServer.start { _ in
            .stream(gate.stream, headers: [.contentLength: "100000", .eTag: "\"stall\""])
        }
        try await withTemporaryDirectory { directory in
            var configuration = SessionConfiguration.ephemeral
            configuration.proxy = .none
            // Long enough for the first 7 000 bytes to arrive even at the start of a full parallel run, when
            // synchronous tests hold the cooperative pool (where the server's handlers run).
            configuration.timeoutIntervalForRequest = 15
            let session = Session(configuration: configuration)
            let destination = directory.appendingPathComponent("stall.bin")
            let task = session.makeDownloadTask(with: Request(url: server.url("/stall.bin")), to: destination)
            task.resume()
            gate.continuation.yield(patternedData(count: 7_000))
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.code == .timedOut)
            #expect(error?.downloadResumeData?.bytesOnDisk == 7_000)
            #expect(error?.downloadResumeData?.entityTag == "\"stall\"")
            #expect(fileNames(in: directory) == ["stall.bin.part", "stall.bin.part.json"])
            await session.invalidateAndCancel()
        }
        try await server.shutdown()
    }

    @Test func aDestinationDirectoryThatDoesNotExistFailsBeforeAnythingIsSent() async throws {
        try await withDownloadServer(handler: { _ in .text("never asked") }) { server, session, directory in
            let destination = directory.appendingPathComponent("missing/dir/file.bin")
            let error = await #expect(throws: CourierError.self) {
                try await session.download(for: Request(url: server.url("/file.bin")), to: destination)
            }
            #expect(error?.code == .cannotWriteToFile)
            #expect(error?.outcome == .notSent)
            #expect(error?.message.contains("does the directory exist?") == true)
            #expect(server.recordedRequests.isEmpty)
            #expect(fileNames(in: directory).isEmpty)
        }
    }

    @Test func aReadOnlyDestinationDirectoryIsAClearError() async throws {
        try await withDownloadServer(handler: { _ in .text("never asked") }) { server, session, directory in
            // Root writes anywhere a mode allows nothing; sysfs refuses new files even to root.
            let readOnly: URL
            if getuid() == 0 {
                readOnly = URL(fileURLWithPath: "/sys")
            } else {
                readOnly = directory.appendingPathComponent("read-only")
                try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
                try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
            }
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
            let destination = readOnly.appendingPathComponent("courier-download.bin")
            let error = await #expect(throws: CourierError.self) {
                try await session.download(for: Request(url: server.url("/file.bin")), to: destination)
            }
            #expect(error?.code == .cannotWriteToFile)
            #expect(error?.message.contains("is the directory writable?") == true)
            #expect(server.recordedRequests.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }

    @Test func aFullDiskKeepsTheWholeChunksAsResumeDataAndNeverTheDestination() async throws {
        let entity = RangedEntity(patternedData(count: 200_000), entityTag: "\"disk\"")
        try await withDownloadServer(handler: { entity.respond(to: $0) }) { server, session, directory in
            let destination = directory.appendingPathComponent("full.bin")
            try Data("the previous version".utf8).write(to: destination)
            let task = session.makeDownloadTask(
                with: Request(url: server.url("/full.bin")), to: destination, resumingFrom: nil,
                writeBudget: CacheWriteBudget(bytes: 50_000))
            task.resume()
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.code == .cannotWriteToFile)
            #expect(error?.message.contains("the disk is full") == true)
            let resumeData = try #require(error?.downloadResumeData)
            #expect(resumeData.bytesOnDisk <= 50_000)
            #expect(DownloadResumeDataFile.size(of: resumeData.partialFile) == resumeData.bytesOnDisk)
            let kept = try Data(contentsOf: resumeData.partialFile)
            #expect(kept == entity.data.prefix(kept.count))
            // The old target is untouched, never replaced by a torn file.
            #expect(try Data(contentsOf: destination) == Data("the previous version".utf8))

            // Space was freed: the download continues where the disk filled up.
            try await session.download(resumingWith: resumeData)
            #expect(try Data(contentsOf: destination) == entity.data)
            #expect(fileNames(in: directory) == ["full.bin"])
        }
    }

    @Test func aHostileSuggestedFilenameStaysInItsDirectory() {
        let disposition = "attachment; filename=\"../../etc/passwd\""
        var fields = HTTPFields()
        fields[HTTPField.Name("Content-Disposition")!] = disposition
        let response = Response(status: .ok, headerFields: fields, url: URL(string: "https://example.com/download")!)
        #expect(response.suggestedFilename == "passwd")
    }
}
