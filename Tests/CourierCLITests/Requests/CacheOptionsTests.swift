import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import CourierCLI

@Suite("courier --cache and --compress")
struct CacheOptionsTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(input: Data(), terminal: false))
        return (status, capture.standardOutput, capture.standardError)
    }

    @Test(arguments: [
        ("protocol", CachePolicy.useProtocolCachePolicy), ("reload", .reloadIgnoringLocalCacheData),
        ("reload-all", .reloadIgnoringLocalAndRemoteCacheData), ("else-load", .returnCacheDataElseLoad),
        ("only", .returnCacheDataDontLoad), ("revalidate", .reloadRevalidatingCacheData),
        ("reloadRevalidatingCacheData", .reloadRevalidatingCacheData),
    ])
    func policyNamesParse(name: String, policy: CachePolicy) throws {
        let options = try CacheOptions.parse(["--cache", name, "--compress"])
        var configuration = SessionConfiguration.ephemeral
        var request = try Request("https://example.com/")
        options.apply(to: &configuration, request: &request, sessionCache: nil)
        #expect(request.cachePolicy == policy)
        #expect(request.compressesBody == true)
    }

    @Test func anUnknownPolicyIsAUsageError() async {
        let (status, _, error) = await run(["--cache", "sometimes", "http://127.0.0.1:9/"])
        #expect(status == 2)
        #expect(error.contains("--cache takes"))
    }

    @Test func aSessionKeepsItsCacheBetweenRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await TestServer.start { request in
            if request.path == "/etag", request.headers[.ifNoneMatch] == "\"1\"" {
                return TestServer.Response(status: 304, headers: [.eTag: "\"1\""])
            }
            if request.path == "/etag" {
                return .text("validated", headers: [.eTag: "\"1\"", .cacheControl: "no-cache"])
            }
            return .text("fresh body", headers: [.cacheControl: "max-age=600"])
        }
        let fresh = server.url("/fresh").absoluteString
        let etag = server.url("/etag").absoluteString
        let (_, first, _) = await run(["--session", directory.path + "/", "-v", fresh])
        #expect(first.contains("cache: miss"))
        let (_, second, _) = await run(["--session", directory.path + "/", "-v", fresh])
        #expect(second.contains("cache: hit"))
        #expect(second.contains("fresh body"))
        _ = await run(["--session", directory.path + "/", etag])
        let (_, revalidated, _) = await run(["--session", directory.path + "/", "-v", etag])
        #expect(revalidated.contains("cache: revalidated"))
        #expect(revalidated.contains("validated"))
        #expect(server.recordedRequests.count == 3)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("cache/index").path))
        // Offline mode answers from the session's cache, or fails without touching the network.
        let (status, offline, _) = await run(["--session", directory.path + "/", "--cache", "only", fresh])
        #expect(status == 0)
        #expect(offline.contains("fresh body"))
        let (missingStatus, _, missing) = await run([
            "--session", directory.path + "/", "--cache", "only", server.url("/never").absoluteString,
        ])
        #expect(missingStatus == 1)
        #expect(!missing.isEmpty)
        #expect(server.recordedRequests.count == 3)
        // Without --session nothing is kept.
        _ = await run([fresh])
        _ = await run([fresh])
        #expect(server.recordedRequests.count == 5)
        try await server.shutdown()
    }

    @Test func compressSendsAGzippedBody() async throws {
        let encoding = Mutex<String?>(nil)
        let server = try await TestServer.start { request in
            encoding.withLock { $0 = request.headers[.contentEncoding] }
            return .text("ok")
        }
        let (status, _, _) = await run(["--compress", "POST", server.url("/upload").absoluteString, "name=pen"])
        #expect(status == 0)
        #expect(encoding.withLock { $0 } == "gzip")
        try await server.shutdown()
    }
}
