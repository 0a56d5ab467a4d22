import Courier
import CourierFTP
import CourierImages
import CourierSampleServer
import Foundation
import Synchronization

extension TourSection {
    /// The resource loader (the textbook's SDWebImage section) against the sample back end's `/images`:
    /// concurrent loads of the same URLs share their downloads, a second look is a memory hit, a new loader
    /// on the same directory reads the disk cache, and a failing URL is remembered.
    static func images(_ tour: TourContext) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tour-images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sent = Mutex(0)
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.networkInterceptors.append(
            RequestAdapter { request in
                sent.withLock { $0 += 1 }
                return request
            })
        let session = Session(configuration: configuration)
        defer { Task { await session.finishTasksAndInvalidate() } }
        func makeLoader() -> ResourceLoader {
            ResourceLoader(session: session, cache: ResourceCache(disk: DiskCache(directory: directory)))
        }

        let names = ["photo-640x480.jpg", "icon-64x64.png", "banner-728x90.gif", "avatar-128x128.png"]
        let urls = names.map { tour.url("/images/\($0)") }
        let loader = makeLoader()
        tour.log("→ 20 loads of \(urls.count) image URLs at once")
        let loaded = try await withThrowingTaskGroup(of: LoadedResource.self) { group in
            for index in 0..<20 { group.addTask { try await loader.load(urls[index % urls.count]) } }
            return try await group.reduce(into: [LoadedResource]()) { $0.append($1) }
        }
        let requests = sent.withLock { $0 }
        tour.log("← \(loaded.count) loaded with \(requests) network requests")
        try tourCheck(requests == urls.count, "\(requests) requests for \(urls.count) distinct URLs")
        for url in urls {
            guard let resource = loaded.first(where: { $0.url == url }), let image = resource.image else {
                throw TourFailure("\(url.lastPathComponent) was not recognised as an image")
            }
            tour.log(
                "  \(url.lastPathComponent): \(image.format) \(image.width)x\(image.height), \(resource.data.count) bytes"
            )
        }

        let clock = ContinuousClock()
        let start = clock.now
        let hit = try await loader.load(urls[0])
        let elapsed = clock.now - start
        try tourCheck(hit.source == .memory, "the second look came from \(hit.source)")
        tour.log("← again: from memory in \(Self.microseconds(elapsed))")

        let fresh = makeLoader()
        let fromDisk = try await fresh.load(urls[1])
        try tourCheck(fromDisk.source == .disk, "a new loader found \(urls[1].lastPathComponent) in \(fromDisk.source)")
        tour.log("← a new loader on the same directory: from disk")

        let broken = tour.url("/images/broken.png")
        for attempt in 1...2 {
            do {
                _ = try await fresh.load(broken)
                throw TourFailure("the broken image loaded")
            } catch let error as CourierError {
                tour.log("← broken.png, attempt \(attempt): \(error.code)")
            }
        }
        try tourCheck(sent.withLock { $0 } == urls.count + 1, "a remembered failure was requested again")
        return "20 loads made \(urls.count) requests, then a memory hit, a disk hit and a remembered failure"
    }

    static func microseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        return String(format: "%.1f µs", value)
    }
}

extension TourSection {
    /// `ftp://` through the session API, against the sample back end's FTP server: a listing, a download
    /// that breaks off and is continued with `REST` (validated by `MDTM`), and a login with a password.
    static func ftp(_ tour: TourContext) async throws -> String {
        let size = 300_000
        let file = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 11)) })
        var configuration = SampleFTPServer.Configuration(
            files: ["pub/manual.pdf": file, "README": Data("Courier's sample FTP server\n".utf8)],
            users: ["ann": "s3cret"])
        configuration.closeFirstRetrievalAfter = 120_000
        let server = try await SampleFTPServer.start(configuration)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tour-ftp-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var sessionConfiguration = SessionConfiguration.ephemeral
        sessionConfiguration.protocolHandlers.append(FTPProtocolHandler(timeout: 15))
        let session = Session(configuration: sessionConfiguration)
        func finish() async {
            await session.invalidateAndCancel()
            await server.shutdown()
            try? FileManager.default.removeItem(at: directory)
        }
        do {
            let summary = try await ftpSteps(tour, session: session, port: server.port, file: file, in: directory)
            await finish()
            return summary
        } catch {
            await finish()
            throw error
        }
    }

    private static func ftpSteps(
        _ tour: TourContext, session: Session, port: Int, file: Data, in directory: URL
    ) async throws -> String {
        let base = "ftp://127.0.0.1:\(port)"
        tour.log("→ LIST \(base)/ (MLSD)")
        let listingResponse = try await session.data(for: try Request(base + "/"))
        let listing = FTPListing(listingResponse.data, format: .mlsd)
        tour.log("← " + listing.entries.map { "\($0.name) (\($0.size ?? 0) bytes)" }.joined(separator: ", "))
        try tourCheck(listing.entries.count == 2, "the listing has \(listing.entries.count) entries")

        let destination = directory.appendingPathComponent("manual.pdf")
        tour.log("→ RETR pub/manual.pdf (the server breaks the first transfer off)")
        var resumeData: DownloadResumeData?
        do {
            _ = try await session.download(for: try Request(base + "/pub/manual.pdf"), to: destination)
            throw TourFailure("the interrupted transfer succeeded")
        } catch let error as CourierError {
            resumeData = error.downloadResumeData
            tour.log("← \(error.code) with \(resumeData?.bytesOnDisk ?? 0) bytes kept")
        }
        guard let resumeData else { throw TourFailure("the broken transfer left no resume data") }
        tour.log("→ REST \(resumeData.bytesOnDisk), RETR (If-Range: \(resumeData.ifRangeValidator ?? "none"))")
        let resumed = try await session.download(resumingWith: resumeData, to: destination)
        tour.log("← \(resumed.status.code) \(resumed.status.reasonPhrase)")
        try tourCheck(resumed.status.code == 206, "the resumption answered \(resumed.status.code), not 206")
        try tourCheck(try Data(contentsOf: destination) == file, "the resumed file differs from the original")

        tour.log("→ USER ann, RETR README")
        let readme = try await session.data(for: try Request("ftp://ann:s3cret@127.0.0.1:\(port)/README"))
        tour.log("← \(readme.text?.trimmingCharacters(in: .newlines) ?? "")")
        do {
            _ = try await session.data(for: try Request("ftp://ann:wrong@127.0.0.1:\(port)/README"))
            throw TourFailure("a wrong password was accepted")
        } catch let error as CourierError where error.code == .userAuthenticationRequired {
            tour.log("← a wrong password: \(error.code)")
        }
        let kept = Int(resumeData.bytesOnDisk)
        return "listed, resumed a broken download (\(kept) + \(file.count - kept) bytes), logged in as ann"
    }
}
