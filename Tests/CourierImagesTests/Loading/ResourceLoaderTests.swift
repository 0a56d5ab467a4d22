import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierImages

/// The loader against an in-process ``CourierTesting/TestServer`` that counts the requests it receives.
@Suite struct ResourceLoaderTests {
    /// A server with `/slow/…` paths that wait for `gate`, `/missing` that answers 404, `/text` that is not an
    /// image, and a PNG (its size from the path's number) everywhere else.
    static func startServer(gate: Gate = Gate()) async throws -> TestServer {
        try await TestServer.start { request in
            if request.path.hasPrefix("/slow") { await gate.pass(request.path) }
            if request.path == "/missing" { return .text("no such image", status: 404) }
            if request.path == "/text" { return .text("plain words") }
            let size = Int(request.path.filter(\.isNumber)) ?? 1
            return .data(ImageFixtures.png(width: size, height: size))
        }
    }

    struct Harness {
        let server: TestServer
        let session = Session(configuration: .ephemeral)
        let events = EventLog<ResourceLoaderEvent>()
        let clock = ManualClock()
        let directory = TemporaryDirectory()
        let loader: ResourceLoader

        init(server: TestServer, maximumConcurrentRequests: Int = 6, maximumResourceSize: Int = 1 << 20) {
            self.server = server
            var configuration = ResourceLoaderConfiguration(
                maximumConcurrentRequests: maximumConcurrentRequests, maximumResourceSize: maximumResourceSize,
                now: clock.function)
            configuration.events = { [events] in events.record($0) }
            self.loader = ResourceLoader(
                session: session, cache: ResourceCache(disk: DiskCache(directory: directory.url)),
                configuration: configuration)
        }

        var requestPaths: [String] { server.recordedRequests.map(\.path) }

        func joined(_ count: Int) -> @Sendable ([ResourceLoaderEvent]) -> Bool {
            { events in events.filter { if case .joined = $0 { true } else { false } }.count >= count }
        }

        func queued(_ count: Int) -> @Sendable ([ResourceLoaderEvent]) -> Bool {
            { events in events.filter { if case .queued = $0 { true } else { false } }.count >= count }
        }

        func close() async throws {
            await session.invalidateAndCancel()
            try await server.shutdown()
            directory.remove()
        }
    }

    @Test func loadsFromTheNetworkThenFromMemory() async throws {
        let harness = Harness(server: try await Self.startServer())
        let url = harness.server.url("/image-64.png")
        let first = try await harness.loader.load(url)
        #expect(first.source == .network)
        #expect(first.image == ImageDescription(format: .png, width: 64, height: 64))
        let second = try await harness.loader.load(url)
        #expect(second.source == .memory)
        #expect(second.data == first.data)
        #expect(harness.requestPaths == ["/image-64.png"])
        try await harness.close()
    }

    @Test func aNewLoaderFindsTheResourceOnDisk() async throws {
        let harness = Harness(server: try await Self.startServer())
        let url = harness.server.url("/image-8.png")
        _ = try await harness.loader.load(url)
        let other = ResourceLoader(
            session: harness.session, cache: ResourceCache(disk: DiskCache(directory: harness.directory.url)))
        let fromDisk = try await other.load(url)
        #expect(fromDisk.source == .disk)
        #expect(fromDisk.image?.width == 8)
        #expect(try await other.load(url).source == .memory)
        #expect(harness.server.recordedRequests.count == 1)
        try await harness.close()
    }

    @Test func concurrentLoadsOfOneURLShareOneRequest() async throws {
        let gate = Gate()
        let harness = Harness(server: try await Self.startServer(gate: gate))
        let url = harness.server.url("/slow-16.png")
        let loader = harness.loader
        try await withThrowingTaskGroup(of: LoadedResource.self) { group in
            for _ in 0..<10 { group.addTask { try await loader.load(url) } }
            await harness.events.wait(until: harness.joined(10))
            gate.open()
            var results: [LoadedResource] = []
            for try await result in group { results.append(result) }
            #expect(results.count == 10)
            #expect(results.allSatisfy { $0.source == .network && $0.image?.width == 16 })
        }
        #expect(harness.server.recordedRequests.count == 1)
        try await harness.close()
    }

    @Test func aCancelledCallerGetsNoResultAndTheOthersGoOn() async throws {
        let gate = Gate()
        let harness = Harness(server: try await Self.startServer(gate: gate))
        let url = harness.server.url("/slow-4.png")
        let loader = harness.loader
        let cancelled = Task { try await loader.load(url) }
        let kept = Task { try await loader.load(url) }
        await harness.events.wait(until: harness.joined(2))
        await gate.arrivals.wait(forCount: 1)
        cancelled.cancel()
        let cancelledResult = await cancelled.result
        #expect(throws: CancellationError.self) { try cancelledResult.get() }
        gate.open()
        let result = try await kept.value
        #expect(result.source == .network)
        // The cancelled caller still has no resource after the shared load completed.
        #expect(throws: CancellationError.self) { try cancelledResult.get() }
        #expect(harness.server.recordedRequests.count == 1)
        try await harness.close()
    }

    @Test func cancellingEveryCallerCancelsTheSharedFetch() async throws {
        let gate = Gate()
        let harness = Harness(server: try await Self.startServer(gate: gate))
        let url = harness.server.url("/slow-2.png")
        let loader = harness.loader
        let only = Task { try await loader.load(url) }
        await gate.arrivals.wait(forCount: 1)
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        #expect(loader.activeFetchCount == 0)
        gate.open()
        // Nothing was cached or remembered as failed: the next load makes a new request.
        let again = try await loader.load(url)
        #expect(again.source == .network)
        #expect(loader.failedURLCount == 0)
        try await harness.close()
    }

    @Test func aFailedURLIsRefusedUntilRetryFailedOrExpiry() async throws {
        let harness = Harness(server: try await Self.startServer())
        let url = harness.server.url("/missing")
        let loader = harness.loader
        let first = await #expect(throws: CourierError.self) { try await loader.load(url) }
        #expect(first?.code == .unacceptableStatusCode)
        #expect(first?.kind == .http(status: 404))
        let refused = await #expect(throws: CourierError.self) { try await loader.load(url) }
        #expect(refused?.code == .resourceUnavailable)
        #expect(harness.server.recordedRequests.count == 1)

        await #expect(throws: CourierError.self) { try await loader.load(url, options: .retryFailed) }
        #expect(harness.server.recordedRequests.count == 2)

        harness.clock.advance(by: 9 * 60)
        await #expect(throws: CourierError.self) { try await loader.load(url) }
        #expect(harness.server.recordedRequests.count == 2)
        harness.clock.advance(by: 61)
        await #expect(throws: CourierError.self) { try await loader.load(url) }
        #expect(harness.server.recordedRequests.count == 3)
        try await harness.close()
    }

    @Test func prefetchAndLowPriorityLoadsYieldToNormalLoads() async throws {
        let gate = Gate()
        let harness = Harness(server: try await Self.startServer(gate: gate), maximumConcurrentRequests: 1)
        let loader = harness.loader
        let blocker = Task { try await loader.load(harness.server.url("/slow-1.png")) }
        await gate.arrivals.wait(forCount: 1)
        loader.prefetch([harness.server.url("/prefetch-2.png"), harness.server.url("/prefetch-3.png")])
        await harness.events.wait(until: harness.queued(2))
        let low = Task { try await loader.load(harness.server.url("/low-4.png"), options: .lowPriority) }
        await harness.events.wait(until: harness.queued(3))
        let normal = Task { try await loader.load(harness.server.url("/normal-5.png")) }
        await harness.events.wait(until: harness.queued(4))
        gate.open()
        _ = try await blocker.value
        #expect(try await normal.value.image?.width == 5)
        #expect(try await low.value.image?.width == 4)
        // The prefetched resources end up in memory.
        #expect(try await loader.load(harness.server.url("/prefetch-2.png")).image?.width == 2)
        #expect(try await loader.load(harness.server.url("/prefetch-3.png")).image?.width == 3)
        // The two prefetches were queued by two tasks, in either order, but both before the low-priority load.
        let paths = harness.requestPaths
        #expect(paths.count == 5)
        #expect(Array(paths.prefix(2)) == ["/slow-1.png", "/normal-5.png"])
        #expect(Set(paths.dropFirst(2).prefix(2)) == ["/prefetch-2.png", "/prefetch-3.png"])
        #expect(paths.last == "/low-4.png")
        try await harness.close()
    }

    @Test func aNormalLoadRaisesAQueuedPrefetch() async throws {
        let gate = Gate()
        let harness = Harness(server: try await Self.startServer(gate: gate), maximumConcurrentRequests: 1)
        let loader = harness.loader
        let blocker = Task { try await loader.load(harness.server.url("/slow-1.png")) }
        await gate.arrivals.wait(forCount: 1)
        loader.prefetch([harness.server.url("/a-2.png"), harness.server.url("/b-3.png")])
        await harness.events.wait(until: harness.queued(2))
        let raised = Task { try await loader.load(harness.server.url("/b-3.png")) }
        await harness.events.wait(until: harness.joined(2))
        gate.open()
        _ = try await blocker.value
        #expect(try await raised.value.image?.width == 3)
        #expect(try await loader.load(harness.server.url("/a-2.png")).image?.width == 2)
        #expect(harness.requestPaths == ["/slow-1.png", "/b-3.png", "/a-2.png"])
        try await harness.close()
    }

    @Test func cancellingAPrefetchJoinerLeavesThePrefetchRunning() async throws {
        let gate = Gate()
        let harness = Harness(server: try await Self.startServer(gate: gate))
        let loader = harness.loader
        let url = harness.server.url("/slow-6.png")
        loader.prefetch([url])
        await gate.arrivals.wait(forCount: 1)
        let joiner = Task { try await loader.load(url) }
        await harness.events.wait(until: harness.joined(1))
        joiner.cancel()
        await #expect(throws: CancellationError.self) { try await joiner.value }
        #expect(loader.activeFetchCount == 1)
        gate.open()
        let later = try await loader.load(url)
        #expect(later.image?.width == 6)
        #expect(harness.server.recordedRequests.count == 1)
        try await harness.close()
    }

    @Test func refusesAResourceOverTheSizeLimit() async throws {
        let harness = Harness(server: try await Self.startServer(), maximumResourceSize: 10)
        let error = await #expect(throws: CourierError.self) {
            try await harness.loader.load(harness.server.url("/image-3.png"))
        }
        #expect(error?.code == .dataLengthExceedsMaximum)
        try await harness.close()
    }

    @Test func describesANonImageAsUnrecognized() async throws {
        let harness = Harness(server: try await Self.startServer())
        let resource = try await harness.loader.load(harness.server.url("/text"))
        #expect(resource.description == .unrecognized)
        #expect(resource.image == nil)
        try await harness.close()
    }

    struct SizeDecoder: ImageDecoder {
        func canDecode(_ image: ImageDescription) -> Bool { image.format == .png }
        func decode(_ data: Data, described image: ImageDescription) throws -> String {
            "\(image.width)x\(image.height) from \(data.count) bytes"
        }
    }

    @Test func aPluggedDecoderDecodesWhatItHandles() async throws {
        let harness = Harness(server: try await Self.startServer())
        let decoded = try await harness.loader.loadImage(harness.server.url("/image-7.png"), decoder: SizeDecoder())
        #expect(decoded.image.hasPrefix("7x7 from"))
        let error = await #expect(throws: CourierError.self) {
            try await harness.loader.loadImage(harness.server.url("/text"), decoder: SizeDecoder())
        }
        #expect(error?.code == .cannotDecodeContentData)
        try await harness.close()
    }
}
