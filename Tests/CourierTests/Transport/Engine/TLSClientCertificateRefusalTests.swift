import NIOCore
import NIOSSL
import Testing

@testable import Courier

/// A TLS 1.3 server that requires a client certificate judges it only after the client's handshake is over, so
/// its refusal (an alert, then the close) reaches a connection the pool already handed to an exchange, or one
/// still being set up. The exchange must fail at once, with the alert, whichever ALPN the server chose.
@Suite("TLS client-certificate refusal on the engine", .timeLimit(.minutes(1)))
struct TLSClientCertificateRefusalTests {
    private typealias Support = EngineTestSupport

    /// A server context that requires a client certificate issued by the test CA.
    private static func requiringContext(alpn: [String]) throws -> NIOSSLContext {
        let identity = try TestCertificates.identity.get()
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(identity.certificate)], privateKey: .privateKey(identity.privateKey))
        configuration.applicationProtocols = alpn
        configuration.minimumTLSVersion = .tlsv13
        configuration.certificateVerification = .noHostnameVerification
        configuration.trustRoots = .certificates([identity.authority])
        return try NIOSSLContext(configuration: configuration)
    }

    @Test(arguments: [["h2", "http/1.1"], ["http/1.1"]])
    func refusedClientCertificateFailsTheExchangeWithTheAlert(alpn: [String]) async throws {
        let server = try await RawTestServer(tls: try Self.requiringContext(alpn: alpn))
        do {
            try await Support.withPool { pool in
                let key = HTTPConnectionKey(
                    scheme: .https, host: "127.0.0.1", port: server.port,
                    tls: try TestCertificates.clientProfile(trusting: try TestCertificates.identity.get().authority))
                for _ in 0..<5 {
                    let error = await #expect(throws: HTTPEngineError.self) {
                        try await pool.execute(Support.request(port: server.port, key: key))
                    }
                    let underlying = try #require(error?.underlying)
                    #expect(
                        ClientCertificateDiagnosis.verdict(for: String(describing: underlying)) == .certificateRequired,
                        "\(String(describing: error)) / \(String(reflecting: underlying))")
                }
            }
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }
}
