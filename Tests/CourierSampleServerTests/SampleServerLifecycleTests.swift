import Courier
import CourierSampleServer
import Foundation
import Testing

@Suite("Sample server lifecycle")
struct SampleServerLifecycleTests {
    @Test("starts on ephemeral ports, answers, and unknown paths get a JSON 404")
    func startsAndAnswers() async throws {
        try await withSampleServer { server, session in
            #expect(server.baseURL.port != nil && server.baseURL.port != 0)
            let root = try await session.data(for: Request(url: server.url("/")))
            #expect(root.status == .ok)
            let missing = try await session.data(for: Request(url: server.url("/no/such/path")))
            #expect(missing.status == .notFound)
            #expect(missing.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
            #expect(missing.text?.contains("\"error\"") == true)
        }
    }

    @Test("a port already in use is a clear error, not a crash")
    func portInUse() async throws {
        try await withSampleServer { server, _ in
            var configuration = SampleServerConfiguration.ephemeral()
            configuration.port = server.baseURL.port!
            configuration.warehousePort = nil
            await #expect(throws: SampleServerError.self) {
                let second = try await SampleServer.start(configuration)
                await second.stop()
            }
        }
    }
}
