import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
import Testing

@testable import Courier

/// The client identity is chosen when the server asks for it (its CertificateRequest), not before.
@Suite("TLSClientIdentity")
struct TLSClientIdentityTests {
    /// Counts the provider's calls and what they asked for.
    final class ProviderLog: Sendable {
        let calls = Mutex<[String]>([])

        func provider(answering identity: TLSClientIdentity?) -> TLSClientIdentityProvider {
            { host, port in
                self.calls.withLock { $0.append("\(host):\(port)") }
                return identity
            }
        }
    }

    private func clientIdentity(_ pki: TestPKI) throws -> TLSClientIdentity {
        let client = try pki.leaf(
            commonName: "Courier Test Client", dnsNames: [], ipAddresses: [], usages: [.clientAuth])
        return TLSClientIdentity(
            certificateChain: [client.nioCertificate, pki.intermediate.nioCertificate], privateKey: client.nioKey)
    }

    private func serve(
        _ pki: TestPKI, requestingClientCertificates: Bool,
        _ body: (TestTLSServer, MultiThreadedEventLoopGroup) async throws -> Void
    ) async throws {
        let server = try await TestTLSServer.start(
            chain: [pki.leaf.nioCertificate, pki.intermediate.nioCertificate], key: pki.leaf.nioKey,
            clientCertificateRoots: requestingClientCertificates ? [pki.root.nioCertificate] : nil)
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

    @Test func theProviderIsAskedOnCertificateRequestAndItsCertificateIsPresented() async throws {
        let pki = try TestPKI()
        let log = ProviderLog()
        let identity = try clientIdentity(pki)
        try await serve(pki, requestingClientCertificates: true) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [],
                clientIdentity: .onRequest(log.provider(answering: identity)))
            let profile = try factory.makeProfile(host: "localhost", port: server.port)
            _ = try await TestTLSClient.handshake(
                profile: profile, host: "localhost", port: server.port, group: clients)
            var seen = server.clientCertificates.makeAsyncIterator()
            #expect(await seen.next() == "Courier Test Client")
            #expect(log.calls.withLock { $0 } == ["localhost:\(server.port)"])
        }
    }

    @Test func theProviderIsNotAskedWhenTheServerDoesNotRequestACertificate() async throws {
        let pki = try TestPKI()
        let log = ProviderLog()
        let identity = try clientIdentity(pki)
        try await serve(pki, requestingClientCertificates: false) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [],
                clientIdentity: .onRequest(log.provider(answering: identity)))
            let profile = try factory.makeProfile(host: "localhost", port: server.port)
            _ = try await TestTLSClient.handshake(
                profile: profile, host: "localhost", port: server.port, group: clients)
            var seen = server.clientCertificates.makeAsyncIterator()
            #expect(await seen.next() == "none")
            #expect(log.calls.withLock { $0 }.isEmpty)
        }
    }

    @Test func aProviderAnsweringNothingSendsNoCertificateAndTheServerRefuses() async throws {
        let pki = try TestPKI()
        let log = ProviderLog()
        try await serve(pki, requestingClientCertificates: true) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), maximumTLSVersion: .tlsv12,
                applicationProtocols: [], clientIdentity: .onRequest(log.provider(answering: nil)))
            let profile = try factory.makeProfile(host: "localhost", port: server.port)
            // In TLS 1.2 the server's refusal comes before the client's handshake completes.
            await #expect(throws: (any Error).self) {
                try await TestTLSClient.handshake(
                    profile: profile, host: "localhost", port: server.port, group: clients)
            }
            #expect(log.calls.withLock { $0 } == ["localhost:\(server.port)"])
        }
    }

    @Test func aFixedIdentityIsPresentedToAServerThatAsks() async throws {
        let pki = try TestPKI()
        let identity = try clientIdentity(pki)
        try await serve(pki, requestingClientCertificates: true) { server, clients in
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [],
                clientIdentity: .fixed(identity))
            let profile = try factory.makeProfile(host: "localhost", port: server.port)
            _ = try await TestTLSClient.handshake(
                profile: profile, host: "localhost", port: server.port, group: clients)
            var seen = server.clientCertificates.makeAsyncIterator()
            #expect(await seen.next() == "Courier Test Client")
        }
    }
}
