import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import Courier

@Suite("InterceptorChain.latestTransactionMetrics", .timeLimit(.minutes(1)))
struct InterceptorChainTests {
    /// A network interceptor that keeps what the chain says of the exchange it just saw.
    final class Watcher: Interceptor {
        let seen = Mutex<[TransactionMetrics]>([])

        nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
            let response = try await chain.proceed(request)
            if let metrics = chain.latestTransactionMetrics { seen.withLock { $0.append(metrics) } }
            return response
        }
    }

    @Test func aNetworkInterceptorSeesTheHeadAsReceivedAndTheProtocol() async throws {
        let text = Data(String(repeating: "compressible ", count: 300).utf8)
        let compressed = try GzipEncoder.compress(text)
        let server = try await TestServer.start { _ in
            .data(compressed, headers: [.contentEncoding: "gzip", .contentType: "text/plain"])
        }
        let watcher = Watcher()
        var configuration = SessionConfiguration.ephemeral
        configuration.networkInterceptors = [watcher]
        let session = Session(configuration: configuration)
        let response = try await session.data(for: Request(url: server.url("/z")))
        await session.finishTasksAndInvalidate()
        try await server.shutdown()

        #expect(response.data == text)
        #expect(response.headerFields[.contentEncoding] == nil)
        let seen = try #require(watcher.seen.withLock { $0 }.last)
        #expect(seen.response?.headerFields[.contentEncoding] == "gzip")
        #expect(seen.response?.headerFields[.contentLength] == "\(compressed.count)")
        #expect(seen.networkProtocolName == "http/1.1")
    }
}
