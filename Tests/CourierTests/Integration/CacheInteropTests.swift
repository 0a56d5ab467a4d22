import Courier
import Foundation
import Testing

/// The HTTP cache and compression against a real nginx (`etag on`, `expires`, `add_header Cache-Control`,
/// `gzip on` with `gzip_vary on`), started by `.ci/interop/run.sh`. nginx's access log proves what reached
/// the server. Skipped unless `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct CacheInteropTests {
    let environment = ProcessInfo.processInfo.environment
    var httpURL: String { environment["COURIER_NGINX_HTTP_URL"] ?? "" }
    var root: URL { URL(fileURLWithPath: environment["COURIER_NGINX_ROOT"] ?? "/nonexistent") }

    func makeSession(cache: HTTPCache = HTTPCache(memoryCapacity: 4 << 20, diskCapacity: 0)) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.urlCache = cache
        configuration.proxy = .none
        return Session(configuration: configuration)
    }

    /// nginx's log lines for `path`, as `status` strings, in order (`"GET /path HTTP/1.1" 200 …`).
    func logged(_ path: String) throws -> [String] {
        let log = try String(contentsOfFile: environment["COURIER_NGINX_CACHE_LOG"] ?? "", encoding: .utf8)
        return log.split(separator: "\n").filter { $0.contains("\"GET \(path) ") || $0.contains("\"HEAD \(path) ") }
            .compactMap { line in
                // The status follows the quoted request line: `"GET /path HTTP/1.1" 200 17 "-" "agent"`.
                guard let request = line.range(of: "\"GET \(path) ") ?? line.range(of: "\"HEAD \(path) "),
                    let end = line[request.upperBound...].range(of: "\" ")
                else { return nil }
                return line[end.upperBound...].split(separator: " ").first.map(String.init)
            }
    }

    @Test func aFreshResponseMakesNoSecondRequest() async throws {
        let session = makeSession()
        let first = try await session.data(for: try Request("\(httpURL)/fresh/one.txt"))
        let second = try await session.data(for: try Request("\(httpURL)/fresh/one.txt"))
        #expect(first.text == "cached fresh/one\n")
        #expect(second.text == "cached fresh/one\n")
        #expect(second.metrics?.transactionMetrics.map(\.resourceFetchType) == [.localCache])
        #expect(try logged("/fresh/one.txt") == ["200"])
        await session.finishTasksAndInvalidate()
    }

    @Test(arguments: ["stale", "nocache", "epoch"])
    func staleResponsesRevalidateTo304(directory: String) async throws {
        let session = makeSession()
        let path = "/\(directory)/two.txt"
        _ = try await session.data(for: try Request("\(httpURL)\(path)"))
        let revalidated = try await session.data(for: try Request("\(httpURL)\(path)"))
        #expect(revalidated.status == .ok)
        #expect(revalidated.text == "cached \(directory)/two\n")
        #expect(revalidated.metrics?.transactionMetrics.map(\.resourceFetchType) == [.conditionalCacheHit])
        #expect(try logged(path) == ["200", "304"])
        await session.finishTasksAndInvalidate()
    }

    @Test func gzipBodiesDecodeAndAreCachedCompressed() async throws {
        let session = makeSession()
        let expected = try Data(contentsOf: root.appendingPathComponent("gz/items.json"))
        let response = try await session.data(for: try Request("\(httpURL)/gz/items.json"))
        #expect(response.data == expected)
        #expect(response.value(forHTTPHeaderField: "Content-Encoding") == nil)
        let transaction = try #require(response.metrics?.transactionMetrics.last)
        #expect(transaction.responseBodyBytesReceived < Int64(expected.count) / 3)
        #expect(transaction.responseBodyBytesAfterDecoding == Int64(expected.count))
        let hit = try await session.data(for: try Request("\(httpURL)/gz/items.json"))
        #expect(hit.data == expected)
        #expect(try logged("/gz/items.json") == ["200"])
        await session.finishTasksAndInvalidate()
    }

    @Test func varyAcceptEncodingKeepsVariantsApart() async throws {
        let cache = HTTPCache(memoryCapacity: 4 << 20, diskCapacity: 0)
        let session = makeSession(cache: cache)
        let expected = try Data(contentsOf: root.appendingPathComponent("gz/vary.json"))
        let compressed = try await session.data(for: try Request("\(httpURL)/gz/vary.json"))
        var identityRequest = try Request("\(httpURL)/gz/vary.json")
        try identityRequest.setValue("", forHTTPHeaderField: "Accept-Encoding")
        let identity = try await session.data(for: identityRequest)
        #expect(compressed.data == expected)
        #expect(identity.data == expected)
        #expect(identity.metrics?.transactionMetrics.last?.responseBodyBytesReceived == Int64(expected.count))
        // Each variant is now stored and served without asking nginx.
        _ = try await session.data(for: try Request("\(httpURL)/gz/vary.json"))
        _ = try await session.data(for: identityRequest)
        #expect(try logged("/gz/vary.json") == ["200", "200"])
        await session.finishTasksAndInvalidate()
    }

    @Test func aDiskCacheSurvivesANewSession() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-interop-cache-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = makeSession(cache: HTTPCache(memoryCapacity: 0, diskCapacity: 8 << 20, directory: directory))
        _ = try await first.data(for: try Request("\(httpURL)/fresh/three.txt"))
        _ = try await first.data(for: try Request("\(httpURL)/stale/three.txt"))
        await first.finishTasksAndInvalidate()
        let second = makeSession(cache: HTTPCache(memoryCapacity: 0, diskCapacity: 8 << 20, directory: directory))
        #expect(try await second.data(for: try Request("\(httpURL)/fresh/three.txt")).text == "cached fresh/three\n")
        #expect(try await second.data(for: try Request("\(httpURL)/stale/three.txt")).text == "cached stale/three\n")
        #expect(try logged("/fresh/three.txt") == ["200"])
        #expect(try logged("/stale/three.txt") == ["200", "304"])
        await second.finishTasksAndInvalidate()
    }
}
