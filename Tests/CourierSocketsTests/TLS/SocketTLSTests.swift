import CourierTestSupport
import Foundation
import NIOCore
import Testing

@testable import CourierSockets

@Suite struct SocketTLSTests {
    static let identity = SocketTLSIdentity(
        certificateChainPEM: TestCertificates.leafPEM,
        privateKeyPEM: TestCertificates.leafKeyPEM
    )

    private func echo(_ tls: SocketTLS, host: String = "127.0.0.1", serverHost: String = "127.0.0.1") async throws
        -> String?
    {
        try await withEchoServer(host: serverHost, identity: Self.identity) { port in
            let connection = try await TCPClient.connect(
                host: host,
                port: port,
                configuration: TCPConfiguration(framing: .lines(), tls: tls)
            )
            return try await connection.run { reader, writer in
                try await writer.write("secret")
                var iterator = reader.frames.makeAsyncIterator()
                return try await iterator.next().map { String(buffer: $0) }
            }
        }
    }

    @Test func talksTLSToAServerItsRootsTrust() async throws {
        let tls = SocketTLS(trustRoots: .pem(TestCertificates.authorityPEM), serverName: "localhost")
        #expect(try await echo(tls) == "secret")
    }

    @Test func usesTheHostNameWhenNoServerNameIsGiven() async throws {
        #expect(
            try await echo(SocketTLS(trustRoots: .pem(TestCertificates.authorityPEM)), host: "localhost") == "secret")
    }

    @Test func refusesAServerTheSystemRootsDoNotTrust() async throws {
        await #expect {
            _ = try await echo(SocketTLS(trustRoots: .system, serverName: "localhost"))
        } throws: { ($0 as? SocketError)?.code == .serverCertificateUntrusted }
    }

    @Test func refusesAServerWhoseNameDoesNotMatch() async throws {
        // Over ::1, which the certificate does not name (its IP entry, 127.0.0.1, would match on its own).
        await #expect {
            _ = try await echo(
                SocketTLS(trustRoots: .pem(TestCertificates.authorityPEM), serverName: "example.com"),
                host: "::1",
                serverHost: "::1"
            )
        } throws: {
            let code = ($0 as? SocketError)?.code
            return code == .serverCertificateUntrusted || code == .secureConnectionFailed
        }
    }

    @Test func acceptsAMatchingPin() async throws {
        let pin = try #require(Data(base64Encoded: TestCertificates.leafPinBase64))
        let tls = SocketTLS(
            trustRoots: .pem(TestCertificates.authorityPEM),
            serverName: "localhost",
            pinnedKeySHA256: [Array(pin)]
        )
        #expect(try await echo(tls) == "secret")
    }

    @Test func refusesAKeyThatMatchesNoPin() async throws {
        let tls = SocketTLS(
            trustRoots: .pem(TestCertificates.authorityPEM),
            serverName: "localhost",
            pinnedKeySHA256: [Array(repeating: 0, count: 32)]
        )
        await #expect {
            _ = try await echo(tls)
        } throws: { error in
            guard let error = error as? SocketError else { return false }
            return error.code == .serverCertificateUntrusted && error.message.contains(TestCertificates.leafPinBase64)
        }
    }

    @Test func aHandshakeThatNeverStartsTimesOut() async throws {
        let server = try await ScriptedServer.start(.silent)
        await #expect {
            _ = try await TCPClient.connect(
                host: "127.0.0.1",
                port: server.port,
                configuration: TCPConfiguration(
                    connectTimeout: .milliseconds(300),
                    tls: SocketTLS(trustRoots: .pem(TestCertificates.authorityPEM), serverName: "localhost")
                )
            )
        } throws: { ($0 as? SocketError)?.code == .timedOut }
        await server.stop()
    }

    @Test func unreadablePEMIsAnInvalidConfiguration() async throws {
        await #expect {
            _ = try await TCPClient.connect(
                host: "127.0.0.1",
                port: 1,
                configuration: TCPConfiguration(tls: SocketTLS(trustRoots: .pem("not a certificate")))
            )
        } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
        await #expect {
            _ = try await TCPServer.bind(
                host: "127.0.0.1",
                port: 0,
                identity: SocketTLSIdentity(certificateChainPEM: TestCertificates.leafPEM, privateKeyPEM: "garbage")
            )
        } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
    }
}
