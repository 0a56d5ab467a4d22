import CourierTesting
import Foundation
import NIOSSL
import Synchronization
import Testing

@testable import Courier

/// Answers the session-level server-trust challenge and records what it saw.
final class ServerTrustDelegate: SessionDelegate {
    struct Seen: Sendable {
        var space: ProtectionSpace
        var certificate: TLSCertificate?
        var proposed: Credential?
    }

    let answer: ChallengeDisposition?
    let seen = Mutex<[Seen]>([])

    init(answer: ChallengeDisposition?) {
        self.answer = answer
    }

    func session(_ session: Session, didReceive challenge: AuthenticationChallenge) async -> ChallengeDisposition? {
        seen.withLock {
            $0.append(
                Seen(
                    space: challenge.protectionSpace, certificate: challenge.serverCertificate,
                    proposed: challenge.proposedCredential))
        }
        return answer
    }
}

@Suite("Server trust and client identity over TLS")
struct ServerTrustTests {
    let authority: TestCertificateAuthority
    let server: TestCertificate

    init() throws {
        authority = try TestCertificateAuthority()
        server = try authority.makeServerCertificate()
    }

    var serverPin: PublicKeyPin {
        get throws { try TLSCertificate(derRepresentation: server.certificateDER).publicKeyPin }
    }
    var otherPin: PublicKeyPin { PublicKeyPin(subjectPublicKeyInfo: Array("another key".utf8)) }
    var anchored: ServerTrustPolicy { .anchors(pem: [authority.certificatePEM], includeSystemRoots: false) }

    func tls(http2: Bool = true, clients: TestServer.TLSConfiguration.ClientAuthentication = .none)
        -> TestServer.TLSConfiguration
    {
        TestServer.TLSConfiguration(
            certificate: server, applicationProtocols: http2 ? .http2AndHTTP1 : .http1Only,
            clientAuthentication: clients)
    }

    // MARK: Pins

    @Test(arguments: [true, false])
    func correctOrBackupPinAcceptsAndWrongPinRejectsBeforeAnyRequestByte(http2: Bool) async throws {
        let correct = anchored.pinning(publicKeys: [otherPin, try serverPin])
        try await withServer(
            tls: tls(http2: http2), configure: { $0.serverTrustPolicy = correct }, handler: echoHandler
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/pinned")))
            #expect(response.status == .ok)
            #expect(server.recordedRequests.count == 1)
        }
        let wrong = anchored.pinning(publicKeys: [otherPin])
        try await withServer(tls: tls(http2: http2), configure: { $0.serverTrustPolicy = wrong }, handler: echoHandler)
        { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/pinned")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
            #expect(error?.outcome == .failed)
            #expect(error?.underlyingError is ServerTrustEvaluationError)
            #expect(error?.message.contains("CN=localhost, O=Courier Testing") == true)
            let expected = otherPin.description
            let actual = try serverPin.description
            #expect(error?.message.contains(expected) == true)
            #expect(error?.message.contains(actual) == true)
            // The connection was refused after the handshake, before the request was written.
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func pinnedSelfSignedCertificateIsTrustedAndAnotherIsNot() async throws {
        let selfSigned = try TestCertificateAuthority.makeSelfSignedServerCertificate()
        let impostor = try TestCertificateAuthority.makeSelfSignedServerCertificate()
        let serverTLS = TestServer.TLSConfiguration(certificate: selfSigned)
        let pinned = ServerTrustPolicy.pinnedCertificates(
            [try TLSCertificate(derRepresentation: selfSigned.certificateDER)], includeSystemRoots: false)
        try await withServer(tls: serverTLS, configure: { $0.serverTrustPolicy = pinned }, handler: echoHandler) {
            server, session in
            let status = try await session.data(for: Request(url: server.url("/"))).status
            #expect(status == .ok)
        }
        // Default policy: a self-signed certificate is untrusted.
        try await withServer(tls: serverTLS, handler: echoHandler) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
        }
        // Pinning another certificate (trusted as an anchor too) still refuses this server.
        let other = try ServerTrustPolicy.pinnedCertificates(pem: impostor.certificatePEM + selfSigned.certificatePEM)
            .pinning(publicKeys: [otherPin])
        try await withServer(tls: serverTLS, configure: { $0.serverTrustPolicy = other }, handler: echoHandler) {
            server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func disabledEvaluationWithAPinChecksOnlyThePin() async throws {
        let stranger = try TestCertificateAuthority(commonName: "Unknown CA")
        let strangerServer = try stranger.makeServerCertificate()
        let strangerPin = try TLSCertificate(derRepresentation: strangerServer.certificateDER).publicKeyPin
        let serverTLS = TestServer.TLSConfiguration(certificate: strangerServer)
        try await withServer(
            tls: serverTLS,
            configure: { $0.serverTrustPolicy = .dangerouslyDisableEvaluation.pinning(publicKeys: [strangerPin]) },
            handler: echoHandler
        ) { server, session in
            let status = try await session.data(for: Request(url: server.url("/"))).status
            #expect(status == .ok)
        }
        let unrelated = otherPin
        try await withServer(
            tls: serverTLS,
            configure: { $0.serverTrustPolicy = .dangerouslyDisableEvaluation.pinning(publicKeys: [unrelated]) },
            handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    // MARK: Per-host policies

    @Test func policiesApplyPerHost() async throws {
        // The certificate names both localhost and 127.0.0.1: one server, two hosts.
        let wrongPin = anchored.pinning(publicKeys: [otherPin])
        let other = try await TestServer.start(tls: tls(), handler: echoHandler)
        try await withServer(
            tls: tls(),
            configure: { configuration in
                configuration.serverTrustPolicy = anchored
                configuration.serverTrustPolicies = ["LOCALHOST": wrongPin, "*.example.invalid": .systemDefault]
            }, handler: echoHandler
        ) { server, session in
            let byAddress = try #require(URL(string: "https://127.0.0.1:\(server.port)/a"))
            let status = try await session.data(for: Request(url: byAddress)).status
            #expect(status == .ok)
            let otherByAddress = try #require(URL(string: "https://127.0.0.1:\(other.port)/b"))
            let otherStatus = try await session.data(for: Request(url: otherByAddress)).status
            #expect(otherStatus == .ok)
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/c")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
        }
        try await other.shutdown()
    }

    @Test func invalidHostPatternFailsRequestsWithInvalidConfiguration() async throws {
        try await withServer(
            tls: tls(), configure: { $0.serverTrustPolicies = ["*": .systemDefault] }, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.outcome == .notSent)
        }
    }

    // MARK: Dates

    @Test func notYetValidCertificateHasABadDate() async throws {
        let early = try authority.makeServerCertificate(
            notValidBefore: Date().addingTimeInterval(86400 * 2), notValidAfter: Date().addingTimeInterval(86400 * 30))
        try await withServer(
            tls: TestServer.TLSConfiguration(certificate: early), configure: { $0.serverTrustPolicy = anchored },
            handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateHasBadDate)
            #expect(error?.message.contains("is not valid before") == true)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func untrustedCertificateWithGoodDatesStaysUntrusted() async throws {
        let stranger = try TestCertificateAuthority(commonName: "Unknown CA")
        try await withServer(
            tls: TestServer.TLSConfiguration(certificate: try stranger.makeServerCertificate()),
            configure: { $0.serverTrustPolicy = anchored }, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
        }
    }

    // MARK: The delegate's server-trust challenge

    /// Kept alive, the three requests share one connection; closed, each opens one, and the second and third
    /// present a chain the evaluator remembers: the delegate must still be asked.
    @Test(arguments: [false, true])
    func delegateSeesTheServerTrustChallengeOncePerConnection(closing: Bool) async throws {
        let delegate = ServerTrustDelegate(answer: .performDefaultHandling)
        try await withServer(
            tls: tls(http2: false), configure: { $0.serverTrustPolicy = anchored }, delegate: delegate,
            handler: echoHandler
        ) { server, session in
            for _ in 0..<3 {
                var request = try Request(url: server.url("/"))
                if closing { try request.setValue("close", forHTTPHeaderField: "Connection") }
                #expect(try await session.data(for: request).status == .ok)
            }
            let seen = delegate.seen.withLock { $0 }
            if closing { #expect(server.connectionCount == 3) }
            #expect(seen.count == server.connectionCount)
            let first = try #require(seen.first)
            #expect(first.space.host == "localhost")
            #expect(first.space.port == server.port)
            #expect(first.space.protocolName == "https")
            #expect(first.space.authenticationMethod == .serverTrust)
            #expect(first.certificate?.subject == "CN=localhost, O=Courier Testing")
            #expect(first.proposed == .serverTrust)
        }
    }

    @Test(arguments: [ChallengeDisposition.cancel, .rejectProtectionSpace])
    func delegateMayStillRejectATrustedServer(answer: ChallengeDisposition) async throws {
        let delegate = ServerTrustDelegate(answer: answer)
        try await withServer(
            tls: tls(), configure: { $0.serverTrustPolicy = anchored }, delegate: delegate, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
            #expect(error?.message.contains("session delegate") == true)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func delegateCannotOverrideAChainBoringSSLRefused() async throws {
        let delegate = ServerTrustDelegate(answer: .useCredential(.serverTrust))
        let stranger = try TestCertificateAuthority(commonName: "Unknown CA")
        try await withServer(
            tls: TestServer.TLSConfiguration(certificate: try stranger.makeServerCertificate()),
            configure: { $0.serverTrustPolicy = anchored }, delegate: delegate, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
            #expect(delegate.seen.withLock { $0.isEmpty })
        }
    }

    // MARK: Client identities

    @Test func requiredClientCertificateIsPresentedFromAPKCS12Identity() async throws {
        let client = try authority.makeClientCertificate()
        let bundle = try NIOSSLPKCS12Bundle(
            certificateChain: [client.nioSSLCertificate], privateKey: client.nioSSLPrivateKey
        ).serialize(passphrase: Array("pw".utf8))
        let identity = try ClientIdentity(pkcs12: bundle, passphrase: "pw")
        let asked = Mutex<[String]>([])
        try await withServer(
            tls: tls(clients: .required(trustRoots: [authority.nioSSLCertificate])),
            configure: { configuration in
                configuration.serverTrustPolicy = anchored
                configuration.clientIdentity = ClientIdentityProvider { host, port in
                    asked.withLock { $0.append("\(host):\(port)") }
                    return identity
                }
            }, handler: echoHandler
        ) { server, session in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let status = try await session.data(for: Request(url: server.url("/"))).status
                        #expect(status == .ok)
                    }
                }
                try await group.waitForAll()
            }
            let status = try await session.data(for: Request(url: server.url("/again"))).status
            #expect(status == .ok)
            // Asked once per host and port, concurrent requests included.
            #expect(asked.withLock { $0 } == ["localhost:\(server.port)"])
        }
    }

    @Test func missingClientCertificateIsClientCertificateRequired() async throws {
        try await withServer(
            tls: tls(clients: .required(trustRoots: [authority.nioSSLCertificate])),
            configure: { $0.serverTrustPolicy = anchored }, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .clientCertificateRequired)
            #expect(error?.outcome == .failed)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func certificateFromAnUnrelatedCAIsClientCertificateRejected() async throws {
        let stranger = try TestCertificateAuthority(commonName: "Unrelated CA")
        let client = try stranger.makeClientCertificate()
        let identity = try ClientIdentity(certificatePEM: client.certificatePEM, privateKeyPEM: client.privateKeyPEM)
        try await withServer(
            tls: tls(clients: .required(trustRoots: [authority.nioSSLCertificate])),
            configure: { configuration in
                configuration.serverTrustPolicy = anchored
                configuration.clientIdentity = .always(identity)
            }, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .clientCertificateRejected)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func identitiesByHostGoOnlyToTheirHost() async throws {
        let client = try authority.makeClientCertificate()
        let identity = try ClientIdentity(certificatePEM: client.certificatePEM, privateKeyPEM: client.privateKeyPEM)
        try await withServer(
            tls: tls(clients: .required(trustRoots: [authority.nioSSLCertificate])),
            configure: { configuration in
                configuration.serverTrustPolicy = anchored
                configuration.clientIdentity = .forHosts(["localhost": identity])
            }, handler: echoHandler
        ) { server, session in
            let status = try await session.data(for: Request(url: server.url("/"))).status
            #expect(status == .ok)
            let byAddress = try #require(URL(string: "https://127.0.0.1:\(server.port)/"))
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: byAddress))
            }
            #expect(error?.code == .clientCertificateRequired)
        }
    }

    @Test func registeredDeviceIdentityIsFoundByTheNextRunAndPresented() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ids-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try authority.makeClientCertificate(commonName: "registered device")
        // The login service's answer: base64 PKCS#12 (the book's Listing 6-2).
        let p12 = try NIOSSLPKCS12Bundle(
            certificateChain: [client.nioSSLCertificate], privateKey: client.nioSSLPrivateKey
        ).serialize(passphrase: Array("test".utf8))
        let loginAnswer = #"{"result":"SUCCESS","certificate":"\#(Data(p12).base64EncodedString())"}"#
        let json = try #require(try JSONSerialization.jsonObject(with: Data(loginAnswer.utf8)) as? [String: String])
        let received = try ClientIdentity(pkcs12Base64: try #require(json["certificate"]), passphrase: "test")

        try await withServer(
            tls: tls(clients: .required(trustRoots: [authority.nioSSLCertificate])),
            configure: { $0.serverTrustPolicy = anchored }, handler: echoHandler
        ) { server, _ in
            // First run: store it for the server.
            try ClientIdentityStore(directory: directory).setIdentity(received, forHost: "localhost", port: server.port)
            // Next run: a new store instance over the same directory finds it, and the session presents it.
            let nextRun = try ClientIdentityStore(directory: directory)
            let found = try #require(try nextRun.identity(forHost: "LOCALHOST", port: server.port))
            #expect(found.certificate.commonName == "registered device")
            #expect(try nextRun.identity(forHost: "localhost", port: server.port + 1) == nil)
            var configuration = SessionConfiguration.ephemeral
            configuration.proxy = .none
            configuration.serverTrustPolicy = anchored
            configuration.clientIdentity = .store(nextRun)
            let session = Session(configuration: configuration)
            let response = try await session.data(for: Request(url: server.url("/accounts")))
            await session.finishTasksAndInvalidate()
            #expect(response.status == .ok)
            #expect(try nextRun.removeIdentity(forHost: "localhost", port: server.port))
            #expect(try nextRun.identity(forHost: "localhost", port: server.port) == nil)
        }
    }

    @Test func providerErrorsFailTheRequestAndAreAskedAgain() async throws {
        struct Locked: Error {}
        let calls = Mutex(0)
        // The server asks for a certificate (without requiring one): Courier's own transport asks the provider
        // only when a server does.
        try await withServer(
            tls: tls(clients: .optional(trustRoots: [authority.nioSSLCertificate])),
            configure: { configuration in
                configuration.serverTrustPolicy = anchored
                configuration.clientIdentity = ClientIdentityProvider { _, _ in
                    let count = calls.withLock { value -> Int in
                        value += 1
                        return value
                    }
                    if count == 1 { throw Locked() }
                    return nil
                }
            }, handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.outcome == .notSent)
            let status = try await session.data(for: Request(url: server.url("/"))).status
            #expect(status == .ok)
            #expect(calls.withLock { $0 } == 2)
        }
    }
}
