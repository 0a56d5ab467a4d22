import Courier
import CourierServices
import CourierTesting
import Foundation
import Testing

@Suite("ServiceLocator: loading, errors, the disk copy, reloads")
struct ServiceLocatorTests {
    static let services = [
        ("stockQuote", "/api/1.0/stockquote", 1), ("stockQuote", "/api/2.0/stockquote", 2),
        ("weather", "/api/1.0/weather", 1), ("weather", "/api/2.0/weather", 2),
    ]

    func locator(
        _ server: DocumentServer, _ session: Session, path: String = "/locator.json", cache: URL? = nil,
        configure: (inout ServiceLocatorConfiguration) -> Void = { _ in },
        clock: any Clock<Duration> = ContinuousClock()
    ) throws -> ServiceLocator {
        var configuration = ServiceLocatorConfiguration(documentURL: server.url(path), cacheDirectory: cache)
        configure(&configuration)
        return try ServiceLocator(configuration: configuration, session: session, clock: clock)
    }

    @Test("loads the document; lookups ignore case and match versions exactly; absent is nil")
    func loadsAndLooksUp() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", json: server.document(Self.services))
            let locator = try self.locator(server, session)
            #expect(await locator.url(for: "weather", version: 2) == nil, "nothing before load()")
            let status = try await locator.load()
            #expect(status.source == .network)
            #expect(!status.isStale)
            #expect(status.lastError == nil)
            #expect(await locator.url(for: "WEATHER", version: 2) == server.url("/api/2.0/weather"))
            #expect(await locator.url(for: "stockquote", version: 1) == server.url("/api/1.0/stockquote"))
            #expect(await locator.url(for: "weather", version: 3) == nil)
            #expect(await locator.url(for: "news", version: 1) == nil)
            #expect(await locator.entry(for: "weather", version: 1)?.stringMetadata("outputFormat") == "json")
            // load() again uses what it has: one request in all.
            try await locator.load()
            #expect(server.requestCount("/locator.json") == 1)
        }
    }

    @Test("could not load: an error status and a refused connection; nothing to fall back on is thrown")
    func couldNotLoad() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", .text("gone", status: 404))
            let locator = try self.locator(server, session)
            let error = try await #require(throws: ServiceLocatorError.self) { try await locator.load() }
            #expect(error.kind == .couldNotLoad)
            #expect(error.description.hasPrefix("could not load the service locator \(server.url("/locator.json"))"))
            #expect(error.reason.contains("404"))
            let status = await locator.status
            #expect(status.document == nil)
            #expect(status.lastError?.kind == .couldNotLoad)
        }
        // A server that is gone: connection refused.
        let closed = try await DocumentServer.start()
        let url = closed.url("/locator.json")
        await closed.stop()
        let session = Session(configuration: .ephemeral)
        let locator = try ServiceLocator(configuration: .init(documentURL: url), session: session)
        let error = try await #require(throws: ServiceLocatorError.self) { try await locator.load() }
        #expect(error.kind == .couldNotLoad)
        #expect(error.underlyingError is CourierError)
        await session.invalidateAndCancel()
    }

    @Test("could not parse: a body that is not a locator document is a parse error, not a load error")
    func couldNotParse() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", .text("<html>maintenance</html>"))
            let locator = try self.locator(server, session)
            let error = try await #require(throws: ServiceLocatorError.self) { try await locator.load() }
            #expect(error.kind == .couldNotParse)
            #expect(error.description.hasPrefix("could not parse the service locator"))
            server.set("/locator.json", json: #"{"services":[{"name":"weather","version":2}]}"#)
            let partial = try await #require(throws: ServiceLocatorError.self) { try await locator.reload() }
            #expect(partial.kind == .couldNotParse)
            #expect(partial.reason == "service 1 (weather) has no \"url\" string")
        }
    }

    @Test("a document over the size limit is refused without reading it all")
    func sizeLimit() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", json: server.document(Self.services))
            let locator = try self.locator(server, session) { $0.maximumDocumentSize = 64 }
            let error = try await #require(throws: ServiceLocatorError.self) { try await locator.load() }
            #expect(error.kind == .couldNotLoad)
            #expect(error.reason.contains("larger than 64 bytes"))
        }
    }

    @Test("the last good document is kept on disk (0600 in 0700); an offline start uses it and says it is stale")
    func offlineStartFromDiskCopy() async throws {
        try await withTemporaryDirectory { directory in
            let cache = directory.appendingPathComponent("locator")
            try await withDocumentServer { server, session in
                server.set("/locator.json", json: server.document(Self.services))
                let online = try self.locator(server, session, cache: cache)
                try await online.load()
                let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
                #expect(files.count == 1)
                let file = try #require(files.first)
                #expect(file.hasPrefix("service-locator-production-") && file.hasSuffix(".json"))
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: cache.appendingPathComponent(file).path)
                #expect((attributes[.posixPermissions] as? Int) == 0o600)
                let directoryAttributes = try FileManager.default.attributesOfItem(atPath: cache.path)
                #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)

                // The network is down for the next start.
                server.set("/locator.json", .text("down", status: 503))
                let offline = try self.locator(server, session, cache: cache)
                let status = try await offline.load()
                #expect(status.isStale)
                #expect(status.source == .disk)
                #expect(status.lastError?.kind == .couldNotLoad)
                #expect(status.fetchedAt != nil)
                #expect(await offline.isStale)
                #expect(await offline.url(for: "weather", version: 1) == server.url("/api/1.0/weather"))

                // Back online: fresh again.
                server.set("/locator.json", json: server.document(Array(Self.services.prefix(2))))
                let fresh = try await offline.reload()
                #expect(!fresh.isStale)
                #expect(fresh.source == .network)
                #expect(await offline.url(for: "weather", version: 1) == nil)
            }
        }
    }

    @Test("a disk copy that is not a valid document, or belongs to another URL, is not used")
    func unusableDiskCopies() async throws {
        try await withTemporaryDirectory { directory in
            try await withDocumentServer { server, session in
                server.set("/locator.json", json: server.document(Self.services))
                try await self.locator(server, session, cache: directory).load()
                // Another document URL: its own file, so nothing to fall back on.
                server.set("/other.json", .text("down", status: 503))
                let other = try self.locator(server, session, path: "/other.json", cache: directory)
                await #expect(throws: ServiceLocatorError.self) { try await other.load() }
                // The copy damaged on disk: ignored, and the load error is what the caller sees.
                for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                    try Data("{\"services\":".utf8).write(to: directory.appendingPathComponent(file))
                }
                server.set("/locator.json", .text("down", status: 503))
                let damaged = try self.locator(server, session, cache: directory)
                let error = try await #require(throws: ServiceLocatorError.self) { try await damaged.load() }
                #expect(error.kind == .couldNotLoad)
            }
        }
    }

    @Test("a failed reload keeps the document in use, marked stale with the error")
    func failedReloadKeepsDocument() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", json: server.document(Self.services))
            let locator = try self.locator(server, session)
            try await locator.load()
            server.set("/locator.json", json: #"{"services":[{"name":"weather","url":"weather.php","version":1}]}"#)
            let status = try await locator.reload()
            #expect(status.isStale)
            #expect(status.lastError?.kind == .couldNotParse)
            #expect(status.source == .network)
            #expect(await locator.url(for: "weather", version: 2) == server.url("/api/2.0/weather"))
            // The activation hook never throws; it reports through the status.
            server.set("/locator.json", .text("down", status: 500))
            let afterActivation = await locator.reloadOnActivation()
            #expect(afterActivation.isStale)
            #expect(afterActivation.lastError?.kind == .couldNotLoad)
        }
    }

    @Test("reloadOnActivation picks up endpoints that moved")
    func reloadOnActivation() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", json: server.document(Self.services))
            let locator = try self.locator(server, session)
            try await locator.load()
            server.set("/locator.json", json: server.document([("weather", "/v2/moved/weather", 2)]))
            let status = await locator.reloadOnActivation()
            #expect(!status.isStale)
            #expect(await locator.url(for: "weather", version: 2) == server.url("/v2/moved/weather"))
            #expect(server.requestCount("/locator.json") == 2)
        }
    }

    @Test("the refresh interval reloads on the injected clock, without bursts after a long pause")
    func refreshInterval() async throws {
        try await withDocumentServer { server, session in
            server.set("/locator.json", json: server.document(Self.services))
            let clock = ManualClock()
            let locator = try self.locator(
                server, session, configure: { $0.refreshInterval = .seconds(60) }, clock: clock)
            try await locator.load()
            let updates = await locator.updates()
            var iterator = updates.makeAsyncIterator()
            await locator.startRefreshing()
            #expect(await locator.isRefreshing)

            server.set("/locator.json", json: server.document([("weather", "/api/3.0/weather", 3)]))
            clock.advance(by: .seconds(60))
            let firstUpdate = await iterator.next()
            let first = try #require(firstUpdate)
            #expect(!first.isStale)
            #expect(first.document?.url(for: "weather", version: 3) == server.url("/api/3.0/weather"))
            #expect(server.requestCount("/locator.json") == 2)

            // Half an interval twice: one reload at 120 s, none at 90 s.
            server.set("/locator.json", .text("down", status: 503))
            clock.advance(by: .seconds(30))
            clock.advance(by: .seconds(30))
            let secondUpdate = await iterator.next()
            let second = try #require(secondUpdate)
            #expect(second.isStale)
            #expect(second.lastError?.kind == .couldNotLoad)
            #expect(server.requestCount("/locator.json") == 3)

            await locator.stopRefreshing()
            #expect(!(await locator.isRefreshing))
        }
    }

    @Test("one document per environment; an environment without a document is a configuration error")
    func environments() async throws {
        try await withDocumentServer { server, session in
            server.set("/dev.json", json: server.document([("weather", "/dev/weather", 2)]))
            server.set("/qa.json", json: server.document([("weather", "/qa/weather", 2)]))
            server.set("/production.json", json: server.document([("weather", "/prod/weather", 2)]))
            let documents: [ServiceEnvironment: URL] = [
                .dev: server.url("/dev.json"), .qa: server.url("/qa.json"), .production: server.url("/production.json"),
            ]
            for (environment, path) in [(ServiceEnvironment.dev, "/dev/weather"), (.qa, "/qa/weather")] {
                let locator = try ServiceLocator(
                    configuration: ServiceLocatorConfiguration(environment: environment, documents: documents),
                    session: session)
                try await locator.load()
                #expect(await locator.url(for: "weather", version: 2) == server.url(path))
            }
            let error = #expect(throws: CourierError.self) {
                try ServiceLocator(
                    configuration: ServiceLocatorConfiguration(environment: "staging", documents: documents),
                    session: session)
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.message.contains("staging") == true)
            // A document behind a service:// URL would have to be located by itself.
            let circular = #expect(throws: CourierError.self) {
                try ServiceLocator(
                    configuration: ServiceLocatorConfiguration(documentURL: URL(string: "service://locator/1")!),
                    session: session)
            }
            #expect(circular?.code == .invalidConfiguration)
        }
    }
}
