import CourierTesting
import Foundation
import HTTPTypes
import NIOCore
import Synchronization
import Testing

@testable import Courier

/// ``ProxyTunnel`` against real proxies started by `.ci/interop/proxies.sh`: squid with Basic, squid with Digest,
/// and dante with username/password. Runs only with `COURIER_INTEROP=1` and the proxies' ports in the environment,
/// which that script exports (the general interop run, `.ci/interop/run.sh`, starts no proxies).
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1"
            && ProcessInfo.processInfo.environment["COURIER_SQUID_BASIC_PORT"] != nil,
        "run .ci/interop/proxies.sh"))
struct ProxyInteropTests {
    private let environment = ProcessInfo.processInfo.environment

    private func port(_ name: String) throws -> Int {
        try #require(environment[name].flatMap(Int.init), "\(name) is not set; run .ci/interop/proxies.sh")
    }

    private var proxyUser: String { environment["COURIER_PROXY_USER"] ?? "" }
    /// A user name the proxies do not know, for the wrong-password tests.
    private static let stranger = "courier-stranger"
    private var proxyPassword: String { environment["COURIER_PROXY_PASSWORD"] ?? "" }

    /// Opens a tunnel through a proxy to an in-process echo origin and checks that bytes go both ways.
    private func tunnelToEcho(
        proxy: HTTPProxyEndpoint, tunnel: ProxyTunnel = ProxyTunnel(), authorize: ProxyAuthorizer?
    ) async throws {
        let origin = try await FakeProxyServer { _, _ in EchoHandler() }
        let originPort = origin.port
        let echoed = try await withProxyConnection(port: proxy.port) { channel in
            try await tunnel.establish(
                channel: channel, targetHost: "127.0.0.1", targetPort: originPort, proxy: proxy, authorize: authorize)
            let collector = try await attachCollector(to: channel)
            try await channel.writeAndFlush(ByteBuffer(string: "through the tunnel")).get()
            return await collector.read(count: 18)
        }
        #expect(String(decoding: echoed, as: UTF8.self) == "through the tunnel")
        try await origin.stop()
    }

    @Test func squidBasicChallengeIsAnsweredOnTheSameConnection() async throws {
        let proxy = HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: try port("COURIER_SQUID_BASIC_PORT"))
        let credentials = Data("\(proxyUser):\(proxyPassword)".utf8).base64EncodedString()
        let challenges = Mutex<[String]>([])
        // A single channel is used: success after the 407 means the answer went on the same connection (a closing
        // proxy would have ended in newConnectionRequired).
        try await tunnelToEcho(proxy: proxy) { challenge, _ in
            challenges.withLock { $0.append(challenge.headerFields[.proxyAuthenticate] ?? "") }
            return "Basic \(credentials)"
        }
        let seen = challenges.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.hasPrefix("Basic realm=\"courier-basic\"") == true)
    }

    @Test func squidBasicWithWrongCredentialsStopsAfterTheAttemptLimit() async throws {
        let proxy = HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: try port("COURIER_SQUID_BASIC_PORT"))
        var tunnel = ProxyTunnel()
        tunnel.maximumAuthorizationAttempts = 2
        // Another user than the other tests': squid keeps one credentials cache entry per user name, so a wrong
        // password for the user the parallel tests log in as could be judged by their lookup, and theirs by this one.
        let wrong = Data("\(Self.stranger):wrong".utf8).base64EncodedString()
        let error = await proxyError {
            try await tunnelToEcho(proxy: proxy, tunnel: tunnel) { _, _ in "Basic \(wrong)" }
        }
        // squid answers a wrong Basic value with another 407 (with a body and keep-alive) on the same connection.
        #expect(error?.kind == .authenticationFailed(attempts: 2))
    }

    @Test func squidDigestChallengeIsAnsweredOnTheSameConnection() async throws {
        let proxy = HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: try port("COURIER_SQUID_DIGEST_PORT"))
        let user = proxyUser
        let password = proxyPassword
        let attempts = Mutex<[Int]>([])
        let origin = try await FakeProxyServer { _, _ in EchoHandler() }
        let originPort = origin.port
        try await withProxyConnection(port: proxy.port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "127.0.0.1", targetPort: originPort, proxy: proxy
            ) { challenge, attempt in
                attempts.withLock { $0.append(attempt) }
                let offer = challenge.headerFields[values: .proxyAuthenticate].first { $0.hasPrefix("Digest") } ?? ""
                return TestDigest.answer(
                    challenge: offer, method: "CONNECT", uri: "127.0.0.1:\(originPort)", user: user, password: password)
            }
            let collector = try await attachCollector(to: channel)
            try await channel.writeAndFlush(ByteBuffer(string: "digest")).get()
            #expect(await collector.read(count: 6) == Array("digest".utf8))
        }
        #expect(attempts.withLock { $0 } == [1])
        try await origin.stop()
    }

    @Test func danteUsernamePasswordWithRemoteResolution() async throws {
        let proxy = HTTPProxyEndpoint(
            kind: .socks5, host: "127.0.0.1", port: try port("COURIER_DANTE_PORT"),
            username: environment["COURIER_SOCKS_USER"], password: environment["COURIER_SOCKS_PASSWORD"],
            resolvesRemotely: true)
        try await tunnelToEcho(proxy: proxy, authorize: nil)
    }

    @Test func danteUsernamePasswordWithLocalResolution() async throws {
        let proxy = HTTPProxyEndpoint(
            kind: .socks5, host: "127.0.0.1", port: try port("COURIER_DANTE_PORT"),
            username: environment["COURIER_SOCKS_USER"], password: environment["COURIER_SOCKS_PASSWORD"])
        try await tunnelToEcho(proxy: proxy, authorize: nil)
    }

    @Test func danteWrongPasswordIsAClearError() async throws {
        let proxy = HTTPProxyEndpoint(
            kind: .socks5, host: "127.0.0.1", port: try port("COURIER_DANTE_PORT"),
            username: environment["COURIER_SOCKS_USER"], password: "wrong", resolvesRemotely: true)
        let error = await proxyError { try await tunnelToEcho(proxy: proxy, authorize: nil) }
        guard case .socksAuthenticationFailed = error?.kind else {
            Issue.record("expected socksAuthenticationFailed, got \(String(describing: error))")
            return
        }
    }

    // MARK: Whole sessions through the proxies

    /// Sends a GET for `path` to an in-process origin (plain http, or https with a private CA) through `proxy`,
    /// and returns the body and the request target the origin received.
    private func fetchThrough(_ proxy: ProxyConfiguration, tls: Bool, path: String = "/through?x=1") async throws
        -> (text: String, originTarget: String?)
    {
        let authority = try TestCertificateAuthority()
        let origin = try await TestServer.start(
            tls: tls ? TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate()) : nil
        ) { request in .text("origin saw \(request.method) \(request.target)") }
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.proxy = proxy
        configuration.serverTrustPolicy = .anchors(pem: [authority.certificatePEM])
        let session = Session(configuration: configuration)
        do {
            // An address, not "localhost": the proxies then need no name lookup, and their rules name 127.0.0.0/8.
            let response = try await session.data(
                for: Request("\(tls ? "https" : "http")://127.0.0.1:\(origin.port)\(path)"))
            #expect(response.status.code == 200)
            let target = origin.recordedRequests.first?.target
            await session.finishTasksAndInvalidate()
            try await origin.shutdown()
            return (response.text ?? "", target)
        } catch {
            await session.invalidateAndCancel()
            try await origin.shutdown()
            throw error
        }
    }

    private func squid(_ portName: String) throws -> ProxyConfiguration {
        .http(
            host: "127.0.0.1", port: try port(portName),
            credentials: ProxyCredentials(user: proxyUser, password: proxyPassword))
    }

    @Test func aSessionThroughSquidWithBasicSendsAbsoluteFormAndTunnelsHTTPS() async throws {
        // squid refuses an origin-form GET, so a 200 for plain http means absolute form; it forwards it to the
        // origin in origin form. https cannot be read by squid, so its 200 means a CONNECT tunnel.
        let plain = try await fetchThrough(try squid("COURIER_SQUID_BASIC_PORT"), tls: false)
        #expect(plain.text == "origin saw GET /through?x=1")
        let secure = try await fetchThrough(try squid("COURIER_SQUID_BASIC_PORT"), tls: true)
        #expect(secure.text == "origin saw GET /through?x=1")
    }

    @Test func aSessionThroughSquidWithDigestAnswersBothForms() async throws {
        // The preemptive Basic is not what this squid wants: the 407's Digest challenge is answered, by the
        // transport for absolute form and on the tunnel's connection for CONNECT.
        let plain = try await fetchThrough(try squid("COURIER_SQUID_DIGEST_PORT"), tls: false)
        #expect(plain.text == "origin saw GET /through?x=1")
        let secure = try await fetchThrough(try squid("COURIER_SQUID_DIGEST_PORT"), tls: true)
        #expect(secure.text == "origin saw GET /through?x=1")
    }

    @Test func aSessionThroughSquidWithAWrongPasswordGetsItsRefusal() async throws {
        // A user of its own, for the reason given in squidBasicWithWrongCredentialsStopsAfterTheAttemptLimit.
        let proxy = ProxyConfiguration.http(
            host: "127.0.0.1", port: try port("COURIER_SQUID_BASIC_PORT"),
            credentials: ProxyCredentials(user: Self.stranger, password: "wrong"))
        let origin = try await TestServer.start { _ in .text("never") }
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.proxy = proxy
        let session = Session(configuration: configuration)
        let response = try await session.data(for: Request(url: origin.url("/")))
        #expect(response.status.code == 407)
        #expect(origin.recordedRequests.isEmpty)
        await session.finishTasksAndInvalidate()
        try await origin.shutdown()
    }

    @Test(arguments: [false, true])
    func aSessionThroughDanteWithUsernameAndPassword(resolvesRemotely: Bool) async throws {
        let proxy = ProxyConfiguration.socks5(
            host: "127.0.0.1", port: try port("COURIER_DANTE_PORT"),
            credentials: ProxyCredentials(
                user: environment["COURIER_SOCKS_USER"] ?? "", password: environment["COURIER_SOCKS_PASSWORD"] ?? ""),
            resolvesRemotely: resolvesRemotely)
        let plain = try await fetchThrough(proxy, tls: false)
        #expect(plain.text == "origin saw GET /through?x=1")
        let secure = try await fetchThrough(proxy, tls: true)
        #expect(secure.text == "origin saw GET /through?x=1")
    }
}
