import Courier
import Foundation
import Testing

/// The HTTP cache and content decoding against a real httpbin (PyPI's `httpbin` under gunicorn on
/// loopback), started by `.ci/interop/run.sh`, which exports `COURIER_HTTPBIN_URL`. Skipped unless
/// `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct HTTPBinCacheInteropTests {
    var baseURL: String { ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] ?? "http://127.0.0.1:1" }

    func makeSession() -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        configuration.urlCache = HTTPCache(memoryCapacity: 4 << 20, diskCapacity: 0)
        return Session(configuration: configuration)
    }

    func fetchTypes(_ response: Response) -> [TransactionMetrics.ResourceFetchType] {
        response.metrics?.transactionMetrics.map(\.resourceFetchType) ?? []
    }

    struct Echo: Decodable {
        var headers: [String: String]
        var gzipped: Bool?
        var deflated: Bool?
    }

    @Test func cacheNWithMaxAgeIsServedFromTheCache() async throws {
        let session = makeSession()
        // /cache/{n} answers with Cache-Control: public, max-age=n.
        let first = try await session.data(for: try Request("\(baseURL)/cache/60"))
        let second = try await session.data(for: try Request("\(baseURL)/cache/60"))
        #expect(first.status == .ok && second.status == .ok)
        #expect(fetchTypes(first) == [.networkLoad])
        #expect(fetchTypes(second) == [.localCache])
        #expect(second.data == first.data)
        await session.finishTasksAndInvalidate()
    }

    @Test func cacheRevalidatesWithTheValidatorsAndMerges304() async throws {
        let session = makeSession()
        // /cache has Last-Modified and ETag but no freshness: the second request revalidates and httpbin
        // answers 304 because a validator is present; the caller sees the stored 200.
        let first = try await session.data(for: try Request("\(baseURL)/cache"))
        let second = try await session.data(for: try Request("\(baseURL)/cache"))
        #expect(first.status == .ok)
        #expect(second.status == .ok)
        #expect(second.data == first.data)
        #expect(fetchTypes(second) == [.conditionalCacheHit] || fetchTypes(second) == [.localCache])
        await session.finishTasksAndInvalidate()
    }

    @Test func etagIsRevalidatedWithIfNoneMatch() async throws {
        let session = makeSession()
        // /etag/{etag} sends ETag and no freshness, and answers 304 to a matching If-None-Match.
        let first = try await session.data(for: try Request("\(baseURL)/etag/v1"))
        let second = try await session.data(for: try Request("\(baseURL)/etag/v1"))
        #expect(first.status == .ok)
        #expect(second.status == .ok)
        #expect(second.data == first.data)
        #expect(fetchTypes(second) == [.conditionalCacheHit])
        await session.finishTasksAndInvalidate()
    }

    @Test func responseHeadersCanForbidStoring() async throws {
        let session = makeSession()
        let url = "\(baseURL)/response-headers?Cache-Control=no-store"
        _ = try await session.data(for: try Request(url))
        let again = try await session.data(for: try Request(url))
        #expect(fetchTypes(again) == [.networkLoad])
        await session.finishTasksAndInvalidate()
    }

    @Test(arguments: ["gzip", "deflate"])
    func encodedBodiesAreDecoded(encoding: String) async throws {
        let session = makeSession()
        let response = try await session.data(for: try Request("\(baseURL)/\(encoding)"))
        #expect(response.status == .ok)
        let echo = try response.decode(Echo.self)
        #expect(echo.gzipped == true || echo.deflated == true)
        #expect(echo.headers["Accept-Encoding"]?.contains(encoding) == true)
        let transaction = try #require(response.metrics?.transactionMetrics.last)
        #expect(transaction.responseBodyBytesAfterDecoding > transaction.responseBodyBytesReceived)
        await session.finishTasksAndInvalidate()
    }
}
