import Courier
import Foundation
import Testing

/// Courier against a real nginx (HTTP/1.1, and HTTP/2 over TLS with a private CA), started by
/// `.ci/interop/run.sh`. Skipped unless `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct NginxInteropTests {
    let environment = ProcessInfo.processInfo.environment
    var httpURL: String { environment["COURIER_NGINX_HTTP_URL"] ?? "" }
    var httpsURL: String { environment["COURIER_NGINX_HTTPS_URL"] ?? "" }
    var root: URL { URL(fileURLWithPath: environment["COURIER_NGINX_ROOT"] ?? "/nonexistent") }

    func makeSession() throws -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.serverTrustPolicy = try .anchors(
            pemFile: URL(fileURLWithPath: environment["COURIER_NGINX_CA"] ?? ""), includeSystemRoots: false)
        return Session(configuration: configuration)
    }

    @Test(arguments: ["small.bin", "large.bin"])
    func downloadsOverHTTP1(file: String) async throws {
        let session = try makeSession()
        let response = try await session.data(for: try Request("\(httpURL)/\(file)"))
        #expect(response.status == .ok)
        #expect(response.data == (try Data(contentsOf: root.appendingPathComponent(file))))
        #expect(response.metrics?.transactionMetrics.last?.networkProtocolName == "http/1.1")
        await session.finishTasksAndInvalidate()
    }

    @Test(arguments: ["small.bin", "large.bin"])
    func downloadsOverHTTP2WithTLS(file: String) async throws {
        let session = try makeSession()
        let response = try await session.data(for: try Request("\(httpsURL)/\(file)"))
        #expect(response.status == .ok)
        #expect(response.data == (try Data(contentsOf: root.appendingPathComponent(file))))
        #expect(response.metrics?.transactionMetrics.last?.networkProtocolName == "h2")
        await session.finishTasksAndInvalidate()
    }

    @Test func streamsALargeBodyInChunks() async throws {
        let session = try makeSession()
        let response = try await session.bytes(for: try Request("\(httpsURL)/large.bin"))
        var total = 0
        var chunks = 0
        for try await chunk in response.stream {
            total += chunk.readableBytes
            chunks += 1
        }
        #expect(total == 32 * 1024 * 1024)
        #expect(chunks > 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func manySequentialRequestsOnOneSession() async throws {
        let session = try makeSession()
        for _ in 0..<200 {
            let response = try await session.data(for: try Request("\(httpURL)/hello.json"))
            #expect(response.status == .ok)
        }
        await session.finishTasksAndInvalidate()
    }

    @Test func followsNginxRedirectsAndSeesStatuses() async throws {
        let session = try makeSession()
        let redirected = try await session.data(for: try Request("\(httpURL)/redirect"))
        #expect(redirected.url.path == "/hello.json")
        #expect(redirected.redirectChain.count == 1)
        let missing = try await session.data(for: try Request("\(httpURL)/status/404"))
        #expect(missing.status.code == 404)
        #expect(throws: CourierError.self) { try missing.validate() }
        await session.finishTasksAndInvalidate()
    }

    @Test func untrustedWithoutTheCA() async throws {
        let session = Session(configuration: .ephemeral)
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("\(httpsURL)/hello.json"))
        }
        #expect(error?.code == .serverCertificateUntrusted)
        await session.finishTasksAndInvalidate()
    }
}
