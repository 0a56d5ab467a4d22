import CourierTesting
import Foundation
import Testing

@testable import Courier

/// Whole sessions through a proxy that really forwards: the tunnel opens, then TLS and HTTP run inside it.
@Suite("Sessions through a CONNECT tunnel", .timeLimit(.minutes(1)))
struct TunnelledSessionTests {
    @Test func httpsThroughAConnectProxyCompletesTheHandshakeAndTheExchange() async throws {
        let authority = try TestCertificateAuthority()
        let origin = try await TestServer.start(
            tls: TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate())
        ) { request in .text("origin saw \(request.method) \(request.target)") }
        let proxy = try await ForwardingConnectProxy()
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.proxy = .http(host: "127.0.0.1", port: proxy.port)
        configuration.serverTrustPolicy = .anchors(pem: [authority.certificatePEM])
        // A short connect bound: a tunnel that never reads would hang the handshake until it runs out.
        configuration.timeoutIntervalForRequest = 20
        let session = Session(configuration: configuration)
        let url = "https://127.0.0.1:\(origin.port)/inside?tunnel=1"
        let first = try await session.data(for: Request(url))
        #expect(first.text == "origin saw GET /inside?tunnel=1")
        // The second request reuses the tunnelled connection.
        let second = try await session.data(for: Request(url))
        #expect(second.status.code == 200)
        #expect(proxy.targets == ["127.0.0.1:\(origin.port)"])
        await session.finishTasksAndInvalidate()
        try await proxy.stop()
        try await origin.shutdown()
    }
}
