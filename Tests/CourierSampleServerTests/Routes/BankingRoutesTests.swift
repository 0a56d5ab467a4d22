import Courier
import CourierSecurity
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import CourierSampleServer

@Suite("Chapter 6: the Mobile Banking service")
struct BankingRoutesTests {
    static let encryptionKey = SampleServerConfiguration.ephemeral().bankingEncryptionKey
    static let macKey = "065a62448fb75fce3764dcbe68f9908d"

    // MARK: Authenticate

    @Test("POST /banking/authenticate answers Basic credentials from the session's credential store")
    func authenticateWithCredentialStore() async throws {
        try await withSampleServer { server, _ in
            let store = try credentialStore(for: server.baseURL, user: "jdoe", password: "password")
            try await withSession({
                $0.urlCredentialStorage = store
                $0.allowsBasicAuthenticationOverHTTP = true
            }) { session in
                let response = try await session.data(
                    for: Request(url: server.url("/banking/authenticate"), method: .post))
                #expect(response.status == .ok)
                let body = try jsonObject(response)
                #expect(body["result"] as? String == "SUCCESS")
                #expect(body["additional_info"] as? String == "Authentication Successful")
                #expect(body["certificate"] == nil)
            }
        }
    }

    /// Declines every challenge, so Courier hands the 401 back with its body.
    final class DecliningDelegate: SessionDelegate {
        func session(_ session: Session, task: SessionTask, didReceive challenge: AuthenticationChallenge) async
            -> ChallengeDisposition
        { .rejectProtectionSpace }
    }

    @Test("a wrong password gets 401, a Basic challenge and a FAILURE body")
    func wrongPassword() async throws {
        try await withSampleServer { server, _ in
            var configuration = SessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 30
            let session = Session(configuration: configuration, delegate: DecliningDelegate())
            var request = Request(url: server.url("/banking/authenticate"), method: .post)
            request.headerFields[.authorization] = basicAuthorization("jdoe", "wrong")
            let response: Response
            do {
                response = try await session.data(for: request)
                await session.invalidateAndCancel()
            } catch {
                await session.invalidateAndCancel()
                throw error
            }
            #expect(response.status == .unauthorized)
            #expect(response.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Basic realm=") == true)
            let body = try jsonObject(response)
            #expect(body["result"] as? String == "FAILURE")
            #expect(body["additional_info"] as? String == "Authentication Failed")
            #expect(errorMessage(response) == "wrong user name or password")
        }
    }

    @Test("a wrong password from the credential store fails once, without retrying")
    func wrongPasswordThroughCourier() async throws {
        try await withSampleServer { server, _ in
            let store = try credentialStore(for: server.baseURL, user: "jdoe", password: "nope")
            try await withSession({
                $0.urlCredentialStorage = store
                $0.allowsBasicAuthenticationOverHTTP = true
            }) { session in
                do {
                    _ = try await session.data(for: Request(url: server.url("/banking/authenticate"), method: .post))
                    Issue.record("a wrong password was accepted")
                } catch let error as CourierError {
                    #expect(error.code == .userAuthenticationRequired)
                }
            }
        }
    }

    @Test("registerDevice=true without TLS issues an identity from an authority made on first use")
    func registerDeviceWithoutTLS() async throws {
        try await withSampleServer { server, session in
            var request = Request(url: server.url("/banking/authenticate?registerDevice=true"), method: .post)
            request.headerFields[.authorization] = basicAuthorization("jdoe", "password")
            let response = try await session.data(for: request)
            #expect(response.status == .ok)
            let certificate = try #require(try jsonObject(response)["certificate"] as? String)
            let identity = try ClientIdentity(
                pkcs12Base64: certificate, passphrase: server.configuration.identityPassphrase)
            #expect(identity.certificate.commonName == "jdoe")

            var form = formRequest(server.url("/banking/authenticate"), [("registerDevice", "maybe")])
            form.headerFields[.authorization] = basicAuthorization("jdoe", "password")
            let refused = try await session.data(for: form)
            #expect(refused.status == .badRequest)
        }
    }

    @Test("a registered device's PKCS#12 identity reaches /auth/clientcert over TLS with the server pinned")
    func clientCertificateEndToEnd() async throws {
        try await withSampleServer(tls: true) { server, _ in
            let tlsURL = try #require(server.tlsURL)
            let mutualURL = try #require(server.clientCertificateURL)
            let pinned = try ServerTrustPolicy.pinnedCertificates(
                pem: try #require(server.serverCertificatePEM), includeSystemRoots: false)
            let store = try credentialStore(for: tlsURL, user: "jdoe", password: "password")

            // Register the device over HTTPS (Basic needs no special permission there).
            let certificate = try await withSession({
                $0.serverTrustPolicy = pinned
                $0.urlCredentialStorage = store
            }) { session in
                let response = try await session.data(
                    for: formRequest(
                        URL(string: tlsURL.absoluteString + "/banking/authenticate")!, [("registerDevice", "true")]))
                #expect(response.status == .ok)
                return try #require(try jsonObject(response)["certificate"] as? String)
            }
            let identity = try ClientIdentity(
                pkcs12Base64: certificate, passphrase: server.configuration.identityPassphrase)

            try await withSession({
                $0.serverTrustPolicy = pinned
                $0.clientIdentity = .always(identity)
            }) { session in
                let response = try await session.data(
                    for: Request(url: URL(string: mutualURL.absoluteString + "/auth/clientcert")!))
                #expect(response.status == .ok)
                let body = try jsonObject(response)
                #expect(body["commonName"] as? String == "jdoe")
                #expect((body["subject"] as? String)?.contains("jdoe") == true)
                #expect((body["issuer"] as? String)?.contains("Courier Sample Bank Device CA") == true)

                // The plain HTTPS port asks for no certificate: the endpoint says so.
                let withoutCertificate = try await session.data(
                    for: Request(url: URL(string: tlsURL.absoluteString + "/auth/clientcert")!))
                #expect(withoutCertificate.status == .forbidden)
            }

            // Without an identity the client-certificate port refuses the handshake.
            try await withSession({ $0.serverTrustPolicy = pinned }) { session in
                let refused = await #expect(throws: CourierError.self) {
                    _ = try await session.data(
                        for: Request(url: URL(string: mutualURL.absoluteString + "/auth/clientcert")!))
                }
                #expect(refused != nil)
            }
        }
    }

    // MARK: Sealed messages

    @Test("the book's MAC vector: HMAC-SHA256 of toAccount+fromAccount+amount+transferDate")
    func bookMACVector() throws {
        let hmac = try HMACAuthenticator(key: SecretKey(ascii: Self.macKey))
        let values = [
            "toAccount": "1234", "fromAccount": "4321", "amount": "2300", "transferDate": "2012-12-25 00:00:00",
        ]
        #expect(try MessageAuthenticator.transferRequest.candidate(for: values) == "123443212300.002012-12-25 00:00:00")
        #expect(
            try MessageAuthenticator.transferRequest.authenticationCode(for: values, using: hmac).hex
                == "51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9")
    }

    @Test("GET /banking/accounts is sealed: AES-CBC with a random IV, HMAC over the plaintext JSON")
    func accountsAreSealed() async throws {
        try await withSampleServer { server, session in
            var request = Request(url: server.url("/banking/accounts"))
            request.headerFields[.authorization] = basicAuthorization("jdoe", "password")
            let first = try await session.data(for: request)
            #expect(first.status == .ok)
            let envelope = try SealedMessage(jsonData: first.data)
            let sealer = try MessageSealer(encryptionKey: Self.encryptionKey, macKey: Self.macKey, macMode: .plaintext)
            let plaintext = try sealer.open(envelope)
            let accounts = try #require(
                (try JSONSerialization.jsonObject(with: plaintext) as? [String: Any])?["accounts"] as? [[String: Any]])
            #expect(accounts.map { $0["accountNumber"] as? String } == ["4321", "1234"])
            let hmac = try HMACAuthenticator(key: SecretKey(ascii: Self.macKey))
            #expect(envelope.mac == hmac.authenticationCode(for: plaintext).base64)

            let second = try SealedMessage(jsonData: try await session.data(for: request).data)
            #expect(second.iv != envelope.iv)

            let anonymous = try await session.data(for: Request(url: server.url("/banking/accounts")))
            #expect(anonymous.status == .unauthorized)
        }
    }

    static func transferSealer(encryptionKey: String = encryptionKey, macKey: String = macKey) throws -> MessageSealer {
        try MessageSealer(encryptionKey: encryptionKey, macKey: macKey, macMode: .fields(.transferRequest))
    }

    static let transferJSON = Data(
        #"{"toAccount":"1234","fromAccount":"4321","amount":2300,"transferDate":"2012-12-25 00:00:00","transferNotes":"Book advance to savings."}"#
            .utf8)

    func postTransfer(_ body: Data, server: RunningSampleServer, session: Session) async throws -> Response {
        var request = Request(
            url: server.url("/banking/transfer"), method: .post,
            body: .data(body, contentType: "application/json"))
        request.headerFields[.authorization] = basicAuthorization("jdoe", "password")
        return try await session.data(for: request)
    }

    @Test("a sealed transfer with the book's MAC is accepted; its MAC is the book's vector")
    func transferAccepted() async throws {
        try await withSampleServer { server, session in
            let envelope = try Self.transferSealer().seal(Self.transferJSON)
            #expect(
                Hex.encode(try Base64.decode(envelope.mac))
                    == "51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9")
            let response = try await postTransfer(envelope.jsonData(), server: server, session: session)
            #expect(response.status == .ok)
            let body = try jsonObject(response)
            #expect(body["result"] as? String == "SUCCESS")
            #expect(body["amount"] as? String == "2300.00")
            #expect(body["transferNotes"] as? String == "Book advance to savings.")
        }
    }

    enum Tampering: String, CaseIterable, Sendable {
        case badMAC, tamperedPayload, wrongEncryptionKey, wrongMACKey, badBase64, shortIV, missingField, notJSON
    }

    @Test("every failure to open a transfer is the same 400 Message Integrity Error", arguments: Tampering.allCases)
    func transferIntegrityErrors(_ tampering: Tampering) async throws {
        try await withSampleServer { server, session in
            let good = try Self.transferSealer().seal(Self.transferJSON)
            var body: Data
            switch tampering {
            case .badMAC:
                var mac = [UInt8](try Base64.decode(good.mac))
                mac[0] ^= 1
                body = SealedMessage(iv: good.iv, mac: Base64.encode(Data(mac)), payload: good.payload).jsonData()
            case .tamperedPayload:
                var payload = [UInt8](try Base64.decode(good.payload))
                payload[payload.count - 20] ^= 0x40
                body = SealedMessage(iv: good.iv, mac: good.mac, payload: Base64.encode(Data(payload))).jsonData()
            case .wrongEncryptionKey:
                body = try Self.transferSealer(encryptionKey: "0123456789abcdef0123456789abcdef").seal(
                    Self.transferJSON
                )
                .jsonData()
            case .wrongMACKey:
                body = try Self.transferSealer(macKey: "ffffffffffffffffffffffffffffffff").seal(Self.transferJSON)
                    .jsonData()
            case .badBase64:
                body = SealedMessage(iv: "!!not base64!!", mac: good.mac, payload: good.payload).jsonData()
            case .shortIV:
                body = SealedMessage(iv: Base64.encode(Data([1, 2, 3])), mac: good.mac, payload: good.payload)
                    .jsonData()
            case .missingField:
                // Authentic under a three-field layout, so the server's four-field MAC cannot match.
                let threeFields = MessageAuthenticator(fields: [
                    .text("toAccount"), .text("fromAccount"), .amount("amount"),
                ])
                let sealer = try MessageSealer(
                    encryptionKey: Self.encryptionKey, macKey: Self.macKey, macMode: .fields(threeFields))
                body = try sealer.seal(Data(#"{"toAccount":"1234","fromAccount":"4321","amount":5}"#.utf8)).jsonData()
            case .notJSON:
                body = Data("iv=1&mac=2&payload=3".utf8)
            }
            let response = try await postTransfer(body, server: server, session: session)
            #expect(response.status == .badRequest)
            #expect(errorMessage(response) == "Message Integrity Error")
        }
    }

    @Test("an authentic transfer between the same account is refused on its merits (422), not as tampering")
    func transferBusinessRule() async throws {
        try await withSampleServer { server, session in
            let json = Data(
                #"{"toAccount":"1234","fromAccount":"1234","amount":1,"transferDate":"2012-12-25 00:00:00"}"#.utf8)
            let response = try await postTransfer(
                try Self.transferSealer().seal(json).jsonData(), server: server, session: session)
            #expect(response.status == .unprocessableContent)
        }
    }

    // MARK: Basic and Digest

    @Test("GET /auth/basic: 401 with a challenge, then 200 with the session's credentials")
    func basicEndpoint() async throws {
        try await withSampleServer { server, session in
            let anonymous = try await session.data(for: Request(url: server.url("/auth/basic")))
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Basic") == true)

            let store = try credentialStore(for: server.baseURL, user: "courier", password: "courier")
            try await withSession({
                $0.urlCredentialStorage = store
                $0.allowsBasicAuthenticationOverHTTP = true
            }) { session in
                let response = try await session.data(for: Request(url: server.url("/auth/basic")))
                #expect(response.status == .ok)
                #expect(try jsonObject(response)["user"] as? String == "courier")
            }
        }
    }

    static let digestCases: [(String, String)] = ["auth", "auth-int"].flatMap { qop in
        ["MD5", "SHA-256", "MD5-sess", "SHA-256-sess"].map { (qop, $0) }
    }

    @Test(
        "Digest (RFC 7616) with Courier's authenticator, every qop and algorithm",
        arguments: BankingRoutesTests.digestCases)
    func digestEndpoint(_ qop: String, _ algorithm: String) async throws {
        try await withSampleServer { server, _ in
            let store = try credentialStore(for: server.baseURL, user: "jdoe", password: "password")
            try await withSession({ $0.urlCredentialStorage = store }) { session in
                let url = server.url("/auth/digest/\(qop)/\(algorithm)")
                let response = try await session.data(for: Request(url: url))
                #expect(response.status == .ok)
                let body = try jsonObject(response)
                #expect(body["user"] as? String == "jdoe")
                #expect(body["qop"] as? String == qop)
                #expect(body["algorithm"] as? String == algorithm)

                // A body is covered by auth-int; a second request reuses the nonce with the next count.
                let post = Request(url: url, method: .post, body: .text("transfer 10 to savings"))
                #expect(try await session.data(for: post).status == .ok)
            }
        }
    }

    /// Records every status and challenge the network sees.
    final class Recorder: Interceptor {
        let seen = Mutex<[(Int, String?)]>([])

        func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
            let response = try await chain.proceed(request)
            seen.withLock { $0.append((response.status.code, response.value(forHTTPHeaderField: "WWW-Authenticate"))) }
            return response
        }
    }

    @Test("an expired nonce is answered with stale=true and Courier retries with the new nonce")
    func digestStaleNonce() async throws {
        try await withSampleServer { server, _ in
            let store = try credentialStore(for: server.baseURL, user: "jdoe", password: "password")
            let recorder = Recorder()
            try await withSession({
                $0.urlCredentialStorage = store
                $0.networkInterceptors = [recorder]
            }) { session in
                let url = server.url("/auth/digest/auth/SHA-256")
                let first = try await session.data(for: Request(url: url))
                #expect(first.status == .ok)
                server.state.advanceClock(by: server.configuration.digestNonceLifetime + 1)
                recorder.seen.withLock { $0.removeAll() }
                let second = try await session.data(for: Request(url: url))
                #expect(second.status == .ok)
                let seen = recorder.seen.withLock { $0 }
                #expect(seen.contains { $0.0 == 401 && ($0.1?.contains("stale=true") ?? false) })
                #expect(seen.last?.0 == 200)
            }
        }
    }

    @Test("Digest refuses a wrong password, a replayed nonce count and an unknown nonce")
    func digestFailures() async throws {
        try await withSampleServer { server, session in
            let path = "/auth/digest/auth/MD5"
            let challenge = try await session.data(for: Request(url: server.url(path)))
            #expect(challenge.status == .unauthorized)
            let header = try #require(challenge.value(forHTTPHeaderField: "WWW-Authenticate"))
            let nonce = try #require(
                header.split(separator: ",").first { $0.contains("nonce=") && !$0.contains("cnonce") }?
                    .split(separator: "\"").dropFirst().first.map(String.init))

            func authorization(password: String, nonce: String, nc: String) -> String {
                let realm = "Courier Sample Digest"
                let ha1 = Digester.digest("jdoe:\(realm):\(password)", using: .md5).hex
                let ha2 = Digester.digest("GET:\(path)", using: .md5).hex
                let response = Digester.digest("\(ha1):\(nonce):\(nc):abcdef:auth:\(ha2)", using: .md5).hex
                return
                    "Digest username=\"jdoe\", realm=\"\(realm)\", nonce=\"\(nonce)\", uri=\"\(path)\", algorithm=MD5, response=\"\(response)\", qop=auth, nc=\(nc), cnonce=\"abcdef\""
            }
            func send(_ value: String) async throws -> Response {
                var request = Request(url: server.url(path))
                request.headerFields[.authorization] = value
                return try await session.data(for: request)
            }
            #expect(
                try await send(authorization(password: "wrong", nonce: nonce, nc: "00000001")).status == .unauthorized)
            #expect(try await send(authorization(password: "password", nonce: nonce, nc: "00000001")).status == .ok)
            #expect(
                try await send(authorization(password: "password", nonce: nonce, nc: "00000001")).status
                    == .unauthorized)
            #expect(try await send(authorization(password: "password", nonce: nonce, nc: "00000002")).status == .ok)
            #expect(
                try await send(authorization(password: "password", nonce: "deadbeef", nc: "00000001")).status
                    == .unauthorized)
            #expect(try await send("Digest username=\"jdoe\", realm=\"unterminated").status == .badRequest)
        }
    }

    @Test(
        "unknown qop or algorithm is a 400 with a JSON error",
        arguments: ["/auth/digest/auth/SHA-1", "/auth/digest/none/MD5"])
    func digestBadRoute(_ path: String) async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url(path)))
            #expect(response.status == .badRequest)
            #expect(errorMessage(response) != nil)
        }
    }
}
