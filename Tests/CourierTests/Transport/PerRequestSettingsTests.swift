import CourierTesting
import Foundation
import Testing

@testable import Courier

/// A proxy and a connect timeout for one request, over the session's.
@Suite("Per-request proxy and connect timeout", .timeLimit(.minutes(1)))
struct PerRequestSettingsTests {
    @Test func aRequestsOwnProxyCarriesItAndOthersGoDirect() async throws {
        let proxy = try await TestServer.start { _ in .text("via proxy") }
        let origin = try await TestServer.start { _ in .text("direct") }
        let session = Session(configuration: .ephemeral)
        var proxied = try Request("http://courier-per-request.invalid/path?q=1")
        proxied.proxy = .http(
            host: "127.0.0.1", port: proxy.port, credentials: ProxyCredentials(user: "ann", password: "pw"))
        #expect(try await session.data(for: proxied).text == "via proxy")
        let forwarded = try #require(proxy.recordedRequests.first)
        #expect(forwarded.target == "http://courier-per-request.invalid/path?q=1")
        #expect(forwarded.headers[.proxyAuthorization] == "Basic " + Data("ann:pw".utf8).base64EncodedString())
        // The next request has no proxy of its own: the session's (none) applies.
        #expect(try await session.data(for: Request(url: origin.url("/"))).text == "direct")
        #expect(proxy.recordedRequests.count == 1)
        await session.finishTasksAndInvalidate()
        try await proxy.shutdown()
        try await origin.shutdown()
    }

    @Test func directOverridesTheSessionsProxy() async throws {
        let proxy = try await TestServer.start { _ in .text("via proxy") }
        let origin = try await TestServer.start { _ in .text("direct") }
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .http(host: "127.0.0.1", port: proxy.port)
        let session = Session(configuration: configuration)
        var request = try Request(url: origin.url("/"))
        request.proxy = .direct
        #expect(try await session.data(for: request).text == "direct")
        #expect(try await session.data(for: Request(url: origin.url("/"))).text == "via proxy")
        #expect(proxy.recordedRequests.count == 1)
        await session.finishTasksAndInvalidate()
        try await proxy.shutdown()
        try await origin.shutdown()
    }

    @Test func anInvalidProxyForOneRequestIsInvalidConfiguration() async throws {
        let session = Session(configuration: .ephemeral)
        var request = try Request("http://127.0.0.1:9/")
        request.proxy = .http(host: "", port: 0)
        let error = await #expect(throws: CourierError.self) { try await session.data(for: request) }
        #expect(error?.outcome == .notSent)
        await session.finishTasksAndInvalidate()
    }

    /// The request's timeout bounds connecting: here a SOCKS5 proxy that accepts and never answers. The
    /// session's idle clock is manual and never moves, so only the connect bound can end the request; with the
    /// session's 60 s it would outlast the test's time limit.
    @Test func aRequestsTimeoutBoundsConnecting() async throws {
        let silent = try await RawTestServer()
        var configuration = SessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.watchdog = Watchdog(clock: ManualWatchdogClock())
        configuration.retryPolicy = .none
        let session = Session(configuration: configuration)
        var request = try Request("http://courier-per-request.invalid/")
        request.proxy = .socks5(host: "127.0.0.1", port: silent.port, resolvesRemotely: true)
        request.timeout = 0.5
        let started = ContinuousClock.now
        let error = await #expect(throws: CourierError.self) { try await session.data(for: request) }
        #expect(error?.code == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(30))
        await session.finishTasksAndInvalidate()
        await silent.shutdown()
    }
}
