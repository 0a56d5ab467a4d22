import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
import Testing

@testable import Courier

@Suite("TLSClientProfileFactory")
struct TLSClientProfileFactoryTests {
    /// Runs `body` against a server presenting the PKI's leaf and intermediate, with a client event loop group of
    /// its own.
    private func withServer(
        _ pki: TestPKI, applicationProtocols: [String] = [],
        _ body: (TestTLSServer, MultiThreadedEventLoopGroup) async throws -> Void
    ) async throws {
        let server = try await TestTLSServer.start(
            chain: [pki.leaf.nioCertificate, pki.intermediate.nioCertificate], key: pki.leaf.nioKey,
            applicationProtocols: applicationProtocols)
        let clients = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            try await body(server, clients)
        } catch {
            try await clients.shutdownGracefully()
            try await server.stop()
            throw error
        }
        try await clients.shutdownGracefully()
        try await server.stop()
    }

    @Test func aHandshakeVerifiesTheWholeChainReturnsItAndNegotiatesALPN() async throws {
        let pki = try TestPKI()
        try await withServer(pki, applicationProtocols: ["h2", "http/1.1"]) { server, clients in
            // The server prefers h2; the client offering only http/1.1 shows that the profile's list is sent.
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: ["http/1.1"])
            let profile = try factory.makeProfile(host: "localhost", port: server.port)
            let outcome = try await TestTLSClient.connect(
                profile: profile, host: "localhost", port: server.port, group: clients)
            #expect(outcome.chain == ["localhost", "Courier Test Intermediate", "Courier Test Root"])
            #expect(outcome.applicationProtocol == "http/1.1")
        }
    }

    @Test func anIPLiteralHostIsVerifiedWithoutSNI() async throws {
        let pki = try TestPKI()
        try await withServer(pki) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [])
            let profile = try factory.makeProfile(host: "127.0.0.1", port: server.port)
            let chain = try await TestTLSClient.handshake(
                profile: profile, host: "127.0.0.1", port: server.port, group: clients)
            #expect(chain.count == 3)
            #expect(TLSClientProfile.serverName(forHost: "[::1]") == nil)
            #expect(TLSClientProfile.serverName(forHost: "example.com") == "example.com")
        }
    }

    @Test func anUntrustedChainFailsTheHandshakeWithTheChainError() async throws {
        let pki = try TestPKI()
        let other = try TestPKI(rootName: "Other Root", intermediateName: "Other Intermediate")
        try await withServer(pki) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: other.anchorsOnly), applicationProtocols: [])
            let profile = try factory.makeProfile(host: "localhost", port: server.port)
            let error = await #expect(throws: CertificateChainError.self) {
                try await TestTLSClient.handshake(
                    profile: profile, host: "localhost", port: server.port, group: clients)
            }
            #expect(
                error?.summary.hasSuffix("Courier Test Intermediate, issued by Courier Test Root, which is not trusted")
                    == true)
            #expect(error?.description.contains("chain presented by localhost: [0] ") == true)
        }
    }

    @Test func aHostTheLeafDoesNotNameFailsTheHandshakeWithTheChainError() async throws {
        let pki = try TestPKI()
        try await withServer(pki) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [])
            let error = await #expect(throws: CertificateChainError.self) {
                try await TestTLSClient.handshake(
                    profile: try factory.makeProfile(host: "wrong.example", port: server.port), host: "wrong.example",
                    port: server.port, group: clients)
            }
            #expect(error?.reason == .hostNameMismatch(leaf: "localhost", names: ["localhost", "127.0.0.1", "::1"]))
        }
    }

    @Test func aPinOnThePrivateCAsIntermediateIsHonouredInTheHandshake() async throws {
        let pki = try TestPKI()
        try await withServer(pki) { server, clients in
            let pin = CertificatePin(.subjectPublicKeyInfo, of: pki.intermediate.chainCertificate)
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly, pins: [pin]), applicationProtocols: [])
            let chain = try await TestTLSClient.handshake(
                profile: try factory.makeProfile(host: "localhost", port: server.port), host: "localhost",
                port: server.port, group: clients)
            #expect(chain.count == 3)

            let wrongPin = CertificatePin(.subjectPublicKeyInfo, of: try TestPKI().intermediate.chainCertificate)
            let pinned = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly, pins: [wrongPin]), applicationProtocols: []
            )
            let error = await #expect(throws: CertificateChainError.self) {
                try await TestTLSClient.handshake(
                    profile: try pinned.makeProfile(host: "localhost", port: server.port), host: "localhost",
                    port: server.port, group: clients)
            }
            guard case .pinMismatch(let pins, let chain) = error?.reason else {
                Issue.record("expected a pin mismatch, got \(String(describing: error))")
                return
            }
            #expect(pins == [wrongPin.description])
            #expect(chain.count == 3)
        }
    }

    struct RefusedByDelegate: Error {}

    @Test func theTrustDecisionSeesTheVerifiedChainAndItsRefusalFailsTheHandshake() async throws {
        let pki = try TestPKI()
        try await withServer(pki) { server, clients in
            let seen = Mutex<[String]>([])
            let accepting = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [],
                trustDecision: { chain, host, port in
                    seen.withLock { $0.append("\(host):\(port) \(chain.certificates.map(\.subjectName))") }
                })
            _ = try await TestTLSClient.handshake(
                profile: try accepting.makeProfile(host: "localhost", port: server.port), host: "localhost",
                port: server.port, group: clients)
            #expect(
                seen.withLock { $0 } == [
                    "localhost:\(server.port) [\"localhost\", \"Courier Test Intermediate\", \"Courier Test Root\"]"
                ])

            let refusing = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [],
                trustDecision: { _, _, _ in throw RefusedByDelegate() })
            await #expect(throws: RefusedByDelegate.self) {
                try await TestTLSClient.handshake(
                    profile: try refusing.makeProfile(host: "localhost", port: server.port), host: "localhost",
                    port: server.port, group: clients)
            }
        }
    }

    @Test func withoutAnEvaluatorNothingIsVerified() async throws {
        let pki = try TestPKI()
        try await withServer(pki) { server, clients in
            let factory = try TLSClientProfileFactory(evaluator: nil, applicationProtocols: [])
            let profile = try factory.makeProfile(host: "wrong.example", port: server.port)
            #expect(profile.verification == nil)
            let chain = try await TestTLSClient.handshake(
                profile: profile, host: "wrong.example", port: server.port, group: clients)
            #expect(chain.isEmpty)
        }
    }

    @Test func profilesAreComparedByIdentityAndShareTheContextUnlessTheIdentityIsPerOrigin() throws {
        let pki = try TestPKI()
        let shared = try TLSClientProfileFactory(
            evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: ["h2", "http/1.1"])
        let first = try shared.makeProfile(host: "a.example", port: 443)
        let second = try shared.makeProfile(host: "b.example", port: 443)
        #expect(first != second)
        #expect(first == first)
        #expect(first.context === second.context)

        let perOrigin = try TLSClientProfileFactory(
            evaluator: nil, applicationProtocols: [], clientIdentity: .onRequest { _, _ in nil })
        #expect(
            try perOrigin.makeProfile(host: "a.example", port: 443).context
                !== perOrigin.makeProfile(host: "a.example", port: 443).context)
    }
}
