import CourierTesting
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Synchronization
import Testing

@testable import Courier

/// A clock the cache reads, moved by the test instead of waiting.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var read: @Sendable () -> Date { { self.now } }
}

/// Answers willCacheResponse with a fixed rule and records what it saw.
final class CachingDelegate: SessionDelegate {
    let decide: @Sendable (CachedResponse) -> CachedResponse?
    let seen = Mutex<[String]>([])
    init(_ decide: @escaping @Sendable (CachedResponse) -> CachedResponse?) { self.decide = decide }
    func session(_ session: Session, task: SessionTask, willCacheResponse proposed: CachedResponse) async
        -> CachedResponse?
    {
        seen.withLock { $0.append(proposed.response.url.path) }
        return decide(proposed)
    }
}

@Suite("Cache interceptor")
struct CacheInterceptorTests {
    static let base = "https://cache.test"

    static func session(
        _ stubs: StubProtocolHandler, clock: TestClock = TestClock(), cache: HTTPCache? = nil,
        delegate: (any SessionDelegate)? = nil, configure: (inout SessionConfiguration) -> Void = { _ in }
    ) -> (Session, HTTPCache) {
        let cache = cache ?? HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 0)
        let session = stubbedSession(stubs, delegate: delegate) { configuration in
            configuration.urlCache = cache
            configuration.cacheClock = clock.read
            configure(&configuration)
        }
        return (session, cache)
    }

    static func text(_ body: String, _ headers: HTTPFields, status: Int = 200) -> StubResponse {
        var fields = headers
        fields[.contentType] = "text/plain"
        return StubResponse(status: HTTPResponse.Status(code: status), headerFields: fields, body: Data(body.utf8))
    }

    static func fetchTypes(_ response: Response) -> [TransactionMetrics.ResourceFetchType] {
        response.metrics?.transactionMetrics.map(\.resourceFetchType) ?? []
    }

    @Test func aFreshResponseIsServedWithoutARequest() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/fresh", response: Self.text("v1", [.cacheControl: "max-age=60"]))
        let clock = TestClock()
        let (session, _) = Self.session(stubs, clock: clock)
        let first = try await session.data(for: try Request("\(Self.base)/fresh"))
        clock.advance(by: 10)
        let second = try await session.data(for: try Request("\(Self.base)/fresh"))
        #expect(stubs.receivedRequests.count == 1)
        #expect(first.text == "v1" && second.text == "v1")
        #expect(second.status == .ok)
        #expect(second.value(forHTTPHeaderField: "Age") == "10")
        #expect(Self.fetchTypes(first) == [.localHandler])  // stubs answer as a local protocol handler
        #expect(Self.fetchTypes(second) == [.localCache])
        #expect(second.metrics?.transactionMetrics.first?.responseBodyBytesAfterDecoding == 2)
        #expect(second.metrics?.transactionMetrics.first?.responseBodyBytesReceived == 0)
        await session.finishTasksAndInvalidate()
    }

    @Test func aStaleResponseIsRevalidatedAndA304IsMergedIntoA200() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/etag",
            response: Self.text(
                "body-v1", [.cacheControl: "max-age=0", .eTag: "\"v1\"", HTTPField.Name("X-Version")!: "1"]))
        stubs.stub(
            matching: { $0.headerFields[.ifNoneMatch] == "\"v1\"" },
            response: StubResponse(
                status: .notModified,
                headerFields: [.cacheControl: "max-age=100", .eTag: "\"v1\"", HTTPField.Name("X-Version")!: "2"]))
        let (session, _) = Self.session(stubs)
        _ = try await session.data(for: try Request("\(Self.base)/etag"))
        let revalidated = try await session.data(for: try Request("\(Self.base)/etag"))
        #expect(revalidated.status == .ok)
        #expect(revalidated.text == "body-v1")
        #expect(revalidated.value(forHTTPHeaderField: "X-Version") == "2")
        #expect(Self.fetchTypes(revalidated) == [.conditionalCacheHit])
        // The metrics count the stored body the caller got, not the 304's empty one.
        #expect(revalidated.metrics?.transactionMetrics.last?.decodedResponseBodyBytes == 7)
        #expect(stubs.receivedRequests.last?.headerFields[.ifNoneMatch] == "\"v1\"")
        // The 304 made it fresh for 100 s: no request now.
        let fresh = try await session.data(for: try Request("\(Self.base)/etag"))
        #expect(fresh.text == "body-v1")
        #expect(stubs.receivedRequests.count == 2)
        await session.finishTasksAndInvalidate()
    }

    @Test func a304FromAnotherCacheKeepsItsAgeAndOneFromTheOriginHasNone() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/origin", response: Self.text("o", [.cacheControl: "max-age=0", .eTag: "\"o\""]))
        stubs.stub(
            matching: { $0.url.path == "/origin" && $0.headerFields[.ifNoneMatch] == "\"o\"" },
            response: StubResponse(status: .notModified, headerFields: [.cacheControl: "max-age=0", .eTag: "\"o\""]))
        stubs.stub(
            .get, "\(Self.base)/proxied", response: Self.text("p", [.cacheControl: "max-age=0", .eTag: "\"p\""]))
        // A 304 from a cache on the way, whose own answer was 40 seconds old.
        stubs.stub(
            matching: { $0.url.path == "/proxied" && $0.headerFields[.ifNoneMatch] == "\"p\"" },
            response: StubResponse(
                status: .notModified, headerFields: [.cacheControl: "max-age=0", .eTag: "\"p\"", .age: "40"]))
        let (session, _) = Self.session(stubs, clock: TestClock())
        for path in ["origin", "proxied"] { _ = try await session.data(for: try Request("\(Self.base)/\(path)")) }
        let origin = try await session.data(for: try Request("\(Self.base)/origin"))
        let proxied = try await session.data(for: try Request("\(Self.base)/proxied"))
        #expect(Self.fetchTypes(origin) == [.conditionalCacheHit] && Self.fetchTypes(proxied) == [.conditionalCacheHit])
        #expect(origin.text == "o" && proxied.text == "p")
        #expect(origin.value(forHTTPHeaderField: "Age") == nil)
        #expect(proxied.value(forHTTPHeaderField: "Age") == "40")
        await session.finishTasksAndInvalidate()
    }

    @Test(arguments: [false, true])
    func a304ThatRepeatsTheStoredFieldsRefreshesTheStoredDates(onDisk: Bool) async throws {
        try await withTemporaryDirectory { directory async throws in
            let stubs = StubProtocolHandler()
            let fields: HTTPFields = [.cacheControl: "max-age=60", .eTag: "\"v1\""]
            stubs.stub(.get, "\(Self.base)/same", response: Self.text("body-v1", fields))
            stubs.stub(
                matching: { $0.headerFields[.ifNoneMatch] == "\"v1\"" },
                response: StubResponse(status: .notModified, headerFields: fields))
            func makeCache() -> HTTPCache {
                onDisk
                    ? HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory)
                    : HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 0)
            }
            let clock = TestClock()
            let (session, cache) = Self.session(stubs, clock: clock, cache: makeCache())
            _ = try await session.data(for: try Request("\(Self.base)/same"))
            clock.advance(by: 100)
            let revalidated = try await session.data(for: try Request("\(Self.base)/same"))
            #expect(Self.fetchTypes(revalidated) == [.conditionalCacheHit])
            // Validated by the origin for this request: no Age (RFC 9111 5.1).
            #expect(revalidated.value(forHTTPHeaderField: "Age") == nil)
            await session.finishTasksAndInvalidate()
            // Fresh again for 60 s from the 304's arrival, in this cache and (on disk) in the next one.
            clock.advance(by: 30)
            let (later, _) = Self.session(stubs, clock: clock, cache: onDisk ? makeCache() : cache)
            let fresh = try await later.data(for: try Request("\(Self.base)/same"))
            #expect(fresh.text == "body-v1")
            #expect(Self.fetchTypes(fresh) == [.localCache])
            #expect(fresh.value(forHTTPHeaderField: "Age") == "30")
            #expect(stubs.receivedRequests.count == 2)
            await later.finishTasksAndInvalidate()
        }
    }

    @Test func revalidationOverTheNetworkWithLastModified() async throws {
        let lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"
        let hits = Mutex(0)
        try await withServer(
            configure: { $0.urlCache = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 0) },
            handler: { request in
                hits.withLock { $0 += 1 }
                if request.headers[.ifModifiedSince] == lastModified {
                    return TestServer.Response(status: 304, headers: [.cacheControl: "max-age=0"])
                }
                return .text("from the server", headers: [.lastModified: lastModified, .cacheControl: "max-age=0"])
            }
        ) { server, session async throws in
            let first = try await session.data(for: Request(url: server.url("/lm")))
            let second = try await session.data(for: Request(url: server.url("/lm")))
            #expect(first.text == "from the server")
            #expect(second.text == "from the server")
            #expect(second.status == .ok)
            #expect(Self.fetchTypes(second) == [.conditionalCacheHit])
            #expect(hits.withLock { $0 } == 2)
        }
    }

    @Test func policiesBehaveAsSpecified() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/p", response: Self.text("stored", [.cacheControl: "max-age=1", .eTag: "\"p\""]))
        let clock = TestClock()
        let (session, _) = Self.session(stubs, clock: clock)
        func load(_ policy: CachePolicy) async throws -> Response {
            var request = try Request("\(Self.base)/p")
            request.cachePolicy = policy
            return try await session.data(for: request)
        }
        // Offline with nothing stored: an error, and no request.
        let offline = await #expect(throws: CourierError.self) { try await load(.returnCacheDataDontLoad) }
        #expect(offline?.code == .resourceUnavailable)
        #expect(offline?.outcome == .notSent)
        #expect(stubs.receivedRequests.isEmpty)

        _ = try await load(.useProtocolCachePolicy)
        clock.advance(by: 3600)  // long stale now
        #expect(try await load(.returnCacheDataElseLoad).text == "stored")
        #expect(try await load(.returnCacheDataDontLoad).text == "stored")
        #expect(stubs.receivedRequests.count == 1)

        _ = try await load(.reloadIgnoringLocalCacheData)
        #expect(stubs.receivedRequests.count == 2)
        #expect(stubs.receivedRequests.last?.headerFields[.ifNoneMatch] == nil)

        _ = try await load(.reloadIgnoringLocalAndRemoteCacheData)
        #expect(stubs.receivedRequests.last?.headerFields[.cacheControl] == "no-cache")
        #expect(stubs.receivedRequests.last?.value(forHTTPHeaderField: "Pragma") == "no-cache")

        // The reload stored a fresh copy; revalidate asks anyway.
        _ = try await load(.reloadRevalidatingCacheData)
        #expect(stubs.receivedRequests.last?.headerFields[.ifNoneMatch] == "\"p\"")
        #expect(stubs.receivedRequests.count == 4)
        await session.finishTasksAndInvalidate()
    }

    @Test func theSessionDefaultPolicyApplies() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/default", response: Self.text("x", [.cacheControl: "max-age=600"]))
        let (session, _) = Self.session(stubs) { $0.requestCachePolicy = .reloadIgnoringLocalCacheData }
        _ = try await session.data(for: try Request("\(Self.base)/default"))
        _ = try await session.data(for: try Request("\(Self.base)/default"))
        #expect(stubs.receivedRequests.count == 2)
        await session.finishTasksAndInvalidate()
    }

    @Test func willCacheResponseMayVetoChangeOrKeepInMemory() async throws {
        try await withTemporaryDirectory { directory async throws in
            let stubs = StubProtocolHandler()
            for name in ["veto", "memory", "info"] {
                stubs.stub(.get, "\(Self.base)/\(name)", response: Self.text(name, [.cacheControl: "max-age=600"]))
            }
            let delegate = CachingDelegate { proposed in
                var cached = proposed
                switch proposed.response.url.lastPathComponent {
                case "veto": return nil
                case "memory": cached.storagePolicy = .allowedInMemoryOnly
                default: cached.userInfo["Cached Date"] = Date(timeIntervalSince1970: 42)
                }
                return cached
            }
            let cache = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 1 << 22, directory: directory)
            let (session, _) = Self.session(stubs, cache: cache, delegate: delegate)
            let task = session.makeDataTask(with: try Request("\(Self.base)/info"))
            let events = task.events
            task.resume()
            _ = try await task.value
            var sawEvent = false
            for await event in events {
                if case .willCacheResponse(let cached) = event { sawEvent = cached.data == Data("info".utf8) }
            }
            #expect(sawEvent)
            _ = try await session.data(for: try Request("\(Self.base)/veto"))
            _ = try await session.data(for: try Request("\(Self.base)/memory"))
            #expect(delegate.seen.withLock { $0 } == ["/info", "/veto", "/memory"])
            #expect(cache.cachedResponse(for: try Request("\(Self.base)/veto")) == nil)
            #expect(cache.cachedResponse(for: try Request("\(Self.base)/memory")) != nil)
            #expect(
                cache.cachedResponse(for: try Request("\(Self.base)/info"))?.userInfo["Cached Date"] as? Date
                    == Date(timeIntervalSince1970: 42))
            await session.finishTasksAndInvalidate()
            // Only /info reached the disk.
            let reopened = HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory)
            #expect(reopened.cachedResponse(for: try Request("\(Self.base)/info")) != nil)
            #expect(reopened.cachedResponse(for: try Request("\(Self.base)/memory")) == nil)
        }
    }

    @Test func anAbandonedBodyIsNotStored() async throws {
        let stubs = StubProtocolHandler()
        var chunked = StubResponse.chunks((0..<8).map { _ in Data(repeating: 1, count: 1000) }, delay: .milliseconds(5))
        chunked.headerFields[.cacheControl] = "max-age=600"
        stubs.stub(.get, "\(Self.base)/abandoned", response: chunked)
        let (session, cache) = Self.session(stubs)
        let response = try await session.bytes(for: try Request("\(Self.base)/abandoned"))
        do {
            var iterator = response.stream.makeAsyncIterator()
            _ = try await iterator.next()
        }
        await session.finishTasksAndInvalidate()
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/abandoned")) == nil)
    }

    @Test func aLyingContentLengthIsNeverStored() async throws {
        let stubs = StubProtocolHandler()
        var lying = Self.text("ten bytes!", [.cacheControl: "max-age=600"])
        lying.headerFields[.contentLength] = "100"
        stubs.stub(.get, "\(Self.base)/lying", response: lying)
        let (session, cache) = Self.session(stubs)
        let response = try await session.data(for: try Request("\(Self.base)/lying"))
        #expect(response.text == "ten bytes!")
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/lying")) == nil)
        await session.finishTasksAndInvalidate()
    }

    @Test func aTruncatedNetworkBodyFailsAndIsNotStored() async throws {
        let cache = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 0)
        try await withServer(
            configure: { $0.urlCache = cache },
            handler: { _ in
                .truncatedBody(
                    declaredLength: 1000, sending: Data(repeating: 1, count: 100),
                    headers: [.cacheControl: "max-age=600"])
            }
        ) { server, session async throws in
            await #expect(throws: CourierError.self) { try await session.data(for: Request(url: server.url("/cut"))) }
            #expect(cache.cachedResponse(for: Request(url: server.url("/cut"))) == nil)
        }
    }

    @Test func unsafeRequestsInvalidateTheTargetAndLocation() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/items", response: Self.text("list", [.cacheControl: "max-age=600"]))
        stubs.stub(.get, "\(Self.base)/items/7", response: Self.text("seven", [.cacheControl: "max-age=600"]))
        stubs.stub(.post, "\(Self.base)/items", response: Self.text("created", [.location: "/items/7"], status: 201))
        let (session, cache) = Self.session(stubs)
        _ = try await session.data(for: try Request("\(Self.base)/items"))
        _ = try await session.data(for: try Request("\(Self.base)/items/7"))
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/items/7")) != nil)
        var post = try Request("\(Self.base)/items", method: .post)
        post.body = .text("new")
        _ = try await session.data(for: post)
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/items")) == nil)
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/items/7")) == nil)
        await session.finishTasksAndInvalidate()
    }

    @Test func headIsAnsweredFromAStoredGet() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/doc", response: Self.text("document", [.cacheControl: "max-age=600"]))
        let (session, _) = Self.session(stubs)
        _ = try await session.data(for: try Request("\(Self.base)/doc"))
        let head = try await session.data(for: try Request("\(Self.base)/doc", method: .head))
        #expect(head.status == .ok)
        #expect(head.data.isEmpty)
        #expect(head.value(forHTTPHeaderField: "Content-Length") == "8")
        #expect(stubs.receivedRequests.count == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func partialContentIsNeverStoredAsTheFullResponse() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/ranged", response: Self.text("complete", [.cacheControl: "max-age=600"]))
        stubs.stub(
            matching: { $0.headerFields[.range] != nil },
            response: Self.text("par", [.cacheControl: "max-age=600", .contentRange: "bytes 0-2/8"], status: 206))
        let (session, cache) = Self.session(stubs)
        var ranged = try Request("\(Self.base)/ranged")
        try ranged.setValue("bytes=0-2", forHTTPHeaderField: "Range")
        _ = try await session.data(for: ranged)
        #expect(stubs.receivedRequests.first?.headerFields[.acceptEncoding] == "identity")
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/ranged")) == nil)
        let full = try await session.data(for: try Request("\(Self.base)/ranged"))
        #expect(full.text == "complete")
        await session.finishTasksAndInvalidate()
    }

    @Test func variantsAreStoredPerVaryValueAndVaryStarIsNeverServed() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            matching: { $0.url.path == "/vary" },
            response: Self.text("negotiated", [.cacheControl: "max-age=600", .vary: "X-Lang"]))
        stubs.stub(
            matching: { $0.url.path == "/star" },
            response: Self.text("star", [.cacheControl: "max-age=600", .vary: "*"]))
        let (session, _) = Self.session(stubs)
        func get(_ path: String, lang: String) async throws {
            var request = try Request("\(Self.base)\(path)")
            try request.setValue(lang, forHTTPHeaderField: "X-Lang")
            _ = try await session.data(for: request)
        }
        try await get("/vary", lang: "da")
        try await get("/vary", lang: "en")
        try await get("/vary", lang: "da")
        try await get("/vary", lang: "en")
        #expect(stubs.receivedRequests.count == 2)
        try await get("/star", lang: "da")
        try await get("/star", lang: "da")
        #expect(stubs.receivedRequests.count == 4)
        await session.finishTasksAndInvalidate()
    }

    @Test func staleIfErrorServesTheStoredResponseWhenTheServerFails() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/sie",
            response: Self.text("last good", [.cacheControl: "max-age=1, stale-if-error=600"]),
            times: 1)
        stubs.stub(
            .get, "\(Self.base)/strict",
            response: Self.text("strict", [.cacheControl: "max-age=1, stale-if-error=600, must-revalidate"]),
            times: 1)
        let clock = TestClock()
        let (session, _) = Self.session(stubs, clock: clock)
        _ = try await session.data(for: try Request("\(Self.base)/sie"))
        _ = try await session.data(for: try Request("\(Self.base)/strict"))
        clock.advance(by: 60)
        stubs.stub(.get, "\(Self.base)/sie", response: Self.text("down", [:], status: 503), times: 1)
        let served = try await session.data(for: try Request("\(Self.base)/sie"))
        #expect(served.text == "last good")
        #expect(served.status == .ok)
        stubs.stub(.get, "\(Self.base)/sie", response: .failure(.cannotConnectToHost))
        #expect(try await session.data(for: try Request("\(Self.base)/sie")).text == "last good")
        stubs.stub(.get, "\(Self.base)/strict", response: .failure(.cannotConnectToHost))
        await #expect(throws: CourierError.self) { try await session.data(for: try Request("\(Self.base)/strict")) }
        await session.finishTasksAndInvalidate()
    }

    @Test func staleIfErrorAnswersWhenARetriableExchangeTimesOut() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/slow",
            response: Self.text("last good", [.cacheControl: "max-age=1, stale-if-error=600"]), times: 1)
        let clock = TestClock()
        let (session, _) = Self.session(stubs, clock: clock) { configuration in
            configuration.retryPolicy = .default
        }
        _ = try await session.data(for: try Request("\(Self.base)/slow"))
        clock.advance(by: 60)
        // The server now never answers: the idle timeout fails the exchange (not the task), and the cache
        // stage answers with the stored response instead of retrying.
        stubs.stub(.get, "\(Self.base)/slow", response: Self.text("late", [:]).delayed(by: .seconds(120)))
        let started = ContinuousClock.now
        // A short idle timeout for this request only (the first one may wait on a busy machine).
        var request = try Request("\(Self.base)/slow")
        request.timeout = 3
        let served = try await session.data(for: request)
        #expect(served.text == "last good")
        #expect(served.status == .ok)
        #expect(ContinuousClock.now - started < .seconds(60))
        await session.invalidateAndCancel()
    }

    @Test func staleWhileRevalidateServesAtOnceAndRefreshesInTheBackground() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/swr",
            response: Self.text("old", [.cacheControl: "max-age=1, stale-while-revalidate=600", .eTag: "\"old\""]),
            times: 1)
        let clock = TestClock()
        let (session, cache) = Self.session(stubs, clock: clock)
        _ = try await session.data(for: try Request("\(Self.base)/swr"))
        clock.advance(by: 30)
        stubs.stub(
            .get, "\(Self.base)/swr", response: Self.text("new", [.cacheControl: "max-age=600", .eTag: "\"new\""]))
        let served = try await session.data(for: try Request("\(Self.base)/swr"))
        #expect(served.text == "old")
        #expect(Self.fetchTypes(served) == [.localCache])
        await session.finishTasksAndInvalidate()  // waits for the background refresh too
        #expect(stubs.receivedRequests.count == 2)
        #expect(stubs.receivedRequests.last?.headerFields[.ifNoneMatch] == "\"old\"")
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/swr"))?.data == Data("new".utf8))
    }

    @Test func a304TheCacheNeverAskedForReachesTheCallerAsIs() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/odd", response: StubResponse(status: .notModified, headerFields: [.eTag: "\"x\""]))
        let (session, cache) = Self.session(stubs)
        let response = try await session.data(for: try Request("\(Self.base)/odd"))
        #expect(response.status == .notModified)
        #expect(response.data.isEmpty)
        #expect(cache.cachedResponse(for: try Request("\(Self.base)/odd")) == nil)
        await session.finishTasksAndInvalidate()
    }

    @Test func a304ForAnotherRepresentationLoadsAfresh() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/moved", response: Self.text("one", [.cacheControl: "max-age=0", .eTag: "\"1\""]),
            times: 1)
        stubs.stub(
            matching: { $0.headerFields[.ifNoneMatch] != nil },
            response: StubResponse(status: .notModified, headerFields: [.eTag: "\"2\""]))
        let (session, _) = Self.session(stubs)
        _ = try await session.data(for: try Request("\(Self.base)/moved"))
        stubs.stub(
            matching: { $0.url.path == "/moved" && $0.headerFields[.ifNoneMatch] == nil },
            response: Self.text("two", [.cacheControl: "max-age=0", .eTag: "\"2\""]))
        let response = try await session.data(for: try Request("\(Self.base)/moved"))
        #expect(response.text == "two")
        #expect(stubs.receivedRequests.count == 3)
        await session.finishTasksAndInvalidate()
    }

    @Test func garbageFreshnessHeadersStillDeliverTheResponse() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .get, "\(Self.base)/garbage",
            response: Self.text(
                "intact",
                [
                    .cacheControl: "max-age=-3, ,,=, s-maxage=\"", .expires: "tomorrow", .date: "not a date",
                    .age: "-77", .lastModified: "yesterday",
                ]))
        let (session, _) = Self.session(stubs)
        #expect(try await session.data(for: try Request("\(Self.base)/garbage")).text == "intact")
        #expect(try await session.data(for: try Request("\(Self.base)/garbage")).text == "intact")
        #expect(stubs.receivedRequests.count == 2)  // invalid freshness means stale
        await session.finishTasksAndInvalidate()
    }

    @Test func authorizedResponsesNeedPermissionAndCookiesAreNotReplayed() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/private", response: Self.text("mine", [.cacheControl: "max-age=600"]))
        stubs.stub(
            .get, "\(Self.base)/public",
            response: Self.text("ours", [.cacheControl: "public, max-age=600", .setCookie: "id=1"]))
        let (session, cache) = Self.session(stubs) { $0.httpCookieStorage = nil }
        var request = try Request("\(Self.base)/private")
        try request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        _ = try await session.data(for: request)
        #expect(cache.cachedResponse(for: request) == nil)
        var publicRequest = try Request("\(Self.base)/public")
        try publicRequest.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        _ = try await session.data(for: publicRequest)
        let stored = try #require(cache.cachedResponse(for: publicRequest))
        #expect(stored.response.headerFields[.setCookie] == nil)
        await session.finishTasksAndInvalidate()
    }

    @Test func largeBodiesTeeToDiskWhileStreamingAndComeBackChecked() async throws {
        try await withTemporaryDirectory { directory async throws in
            let body = Data((0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let cache = HTTPCache(memoryCapacity: 64 * 1024, diskCapacity: 64 << 20, directory: directory)
            try await withServer(
                configure: { $0.urlCache = cache },
                handler: { _ in
                    .data(body, headers: [.cacheControl: "max-age=600", .contentType: "application/octet-stream"])
                }
            ) { server, session async throws in
                let streamed = try await session.bytes(for: Request(url: server.url("/big")))
                var received = Data()
                for try await chunk in streamed.stream { received.append(contentsOf: chunk.readableBytesView) }
                #expect(received == body)
                #expect(server.recordedRequests.count == 1)
                let again = try await session.data(for: Request(url: server.url("/big")))
                #expect(again.data == body)
                #expect(Self.fetchTypes(again) == [.localCache])
                #expect(server.recordedRequests.count == 1)
                #expect(cache.currentMemoryUsage == 0)
            }
        }
    }

    @Test func aFullDiskDuringTheTeeStillDeliversTheBody() async throws {
        try await withTemporaryDirectory { directory async throws in
            let body = Data(repeating: 9, count: 200_000)
            let cache = HTTPCache(
                memoryCapacity: 0, diskCapacity: 64 << 20, directory: directory, logger: Logger(label: "test"),
                writeBudget: CacheWriteBudget(bytes: 50_000), isShared: false)
            let stubs = StubProtocolHandler()
            stubs.stub(.get, "\(Self.base)/full", response: .data(body))
            let (session, _) = Self.session(stubs, cache: cache)
            #expect(try await session.data(for: try Request("\(Self.base)/full")).data == body)
            #expect(cache.cachedResponse(for: try Request("\(Self.base)/full")) == nil)
            #expect(!HTTPCacheTests.files(in: directory).contains { $0.hasSuffix(".tmp") })
            await session.finishTasksAndInvalidate()
        }
    }

    @Test func withoutACacheOfflineFailsAndEverythingElseLoads() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "\(Self.base)/none", response: Self.text("x", [.cacheControl: "max-age=600"]))
        let session = stubbedSession(stubs) { $0.urlCache = nil }
        _ = try await session.data(for: try Request("\(Self.base)/none"))
        _ = try await session.data(for: try Request("\(Self.base)/none"))
        #expect(stubs.receivedRequests.count == 2)
        var offline = try Request("\(Self.base)/none")
        offline.cachePolicy = .returnCacheDataDontLoad
        await #expect(throws: CourierError.self) { try await session.data(for: offline) }
        await session.finishTasksAndInvalidate()
    }

    @Test func configurationDefaults() {
        #expect(SessionConfiguration.default.urlCache === HTTPCache.shared)
        let ephemeral = SessionConfiguration.ephemeral
        #expect(ephemeral.urlCache?.directory == nil)
        #expect(ephemeral.urlCache === ephemeral.urlCache)
        #expect(ephemeral.requestCachePolicy == .useProtocolCachePolicy)
        #expect(HTTPCache.shared.directory?.path.hasSuffix("http-cache") == true)
    }
}
