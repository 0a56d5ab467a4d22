import HTTPTypes
import NIOCore
import NIOSSL
import Testing

@testable import Courier

@Suite("HTTPConnector", .timeLimit(.minutes(1)))
struct HTTPConnectorTests {
    private typealias Support = EngineTestSupport

    @Test func httpsOverHTTP1ReportsTLSAndReusesTheConnection() async throws {
        let server = try await RawTestServer(tls: try TestCertificates.serverContext(alpn: ["http/1.1"]))
        do {
            try await Support.withPool { pool in
                let certificate = try TestCertificates.identity.get().certificate
                let key = HTTPConnectionKey(
                    scheme: .https, host: "localhost", port: server.port,
                    tls: try TestCertificates.clientProfile(trusting: try TestCertificates.identity.get().authority))
                let serving = Task {
                    let connection = try await server.nextConnection()
                    var heads: [String] = []
                    for _ in 0..<2 {
                        heads.append(try #require(try await connection.readRequest()).head)
                        try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                    }
                    return heads
                }
                let first = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await first.bodyText() == "ok")
                let info = first.connection
                #expect(info.protocolName == "http/1.1")
                #expect(info.tlsVersion != nil)
                #expect(info.peerCertificates == [certificate])
                #expect(info.tlsStart != nil && info.tlsEnd != nil)
                // "localhost" is looked up (and timed); the lookup ends before connecting starts.
                let dnsEnd = try #require(info.dnsEnd)
                #expect(try #require(info.dnsStart) <= dnsEnd)
                #expect(try #require(info.connectStart) >= dnsEnd)
                #expect(info.remote?.port == server.port)
                #expect(info.remote?.address == "127.0.0.1" || info.remote?.address == "::1")
                #expect(info.local?.address == info.remote?.address)
                let second = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await second.bodyText() == "ok")
                #expect(second.connection.isReused)
                #expect(second.connection.tlsStart == nil)
                let heads = try await serving.value
                #expect(heads.allSatisfy { $0.lowercased().contains("host: localhost:\(server.port)") })
            }
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test func verificationCallbackSeesThePresentedChain() async throws {
        let server = try await RawTestServer(tls: try TestCertificates.serverContext(alpn: ["http/1.1"]))
        do {
            try await Support.withPool { pool in
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.applicationProtocols = ["http/1.1"]
                let profile = TLSClientProfile(context: try NIOSSLContext(configuration: configuration)) {
                    chain, promise in
                    promise.succeed(chain.count == 1 ? .certificateVerified(.init(nil)) : .failed)
                }
                let key = HTTPConnectionKey(scheme: .https, host: "127.0.0.1", port: server.port, tls: profile)
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 204 No Content\r\n\r\n")
                }
                let response = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(response.head.status == .noContent)
                #expect(response.connection.peerCertificates == [try TestCertificates.identity.get().certificate])
                // An IP literal needs no lookup.
                #expect(response.connection.dnsStart == nil)
                try await serving.value
            }
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test func handshakeThatNeverFinishesIsConnectTimedOut() async throws {
        // A plain TCP server that never answers the ClientHello.
        try await EngineTestSupport.withServer { server in
            try await Support.withPool { pool in
                let key = HTTPConnectionKey(
                    scheme: .https, host: "127.0.0.1", port: server.port,
                    tls: try TestCertificates.clientProfile(trusting: nil))
                var request = Support.request(port: server.port, key: key)
                request.connectTimeout = .milliseconds(200)
                let error = await #expect(throws: HTTPEngineError.self) { try await pool.execute(request) }
                #expect(error?.code == .connectTimedOut)
                #expect(error?.message.contains("127.0.0.1:\(server.port)") == true)
            }
        }
    }

    @Test func ipLiteralsAreRecognised() {
        #expect(HTTPConnector.isIPLiteral("127.0.0.1"))
        #expect(HTTPConnector.isIPLiteral("::1"))
        #expect(!HTTPConnector.isIPLiteral("localhost"))
    }
}
