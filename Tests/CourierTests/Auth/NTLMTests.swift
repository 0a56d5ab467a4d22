import CourierTestSupport
import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import Courier

/// MS-NLMP section 4.2.4 (NTLMv2 authentication) test vectors.
@Suite("NTLMv2")
struct NTLMTests {
    static func hex(_ text: String) -> [UInt8] {
        let digits = text.filter { !$0.isWhitespace }
        return stride(from: 0, to: digits.count, by: 2).map { offset in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return UInt8(digits[start...digits.index(after: start)], radix: 16)!
        }
    }

    static let serverChallenge = hex("01 23 45 67 89 ab cd ef")
    static let clientChallenge = hex("aa aa aa aa aa aa aa aa")
    static let targetInfo = hex(
        "02 00 0c 00 44 00 6f 00 6d 00 61 00 69 00 6e 00 01 00 0c 00 53 00 65 00 72 00 76 00 65 00 72 00 00 00 00 00")
    static let zeroTime = [UInt8](repeating: 0, count: 8)

    @Test func ntowfv2() {
        #expect(
            NTLMAuthenticator.ntowfv2(password: "Password", user: "User", domain: "Domain")
                == Self.hex("0c 86 8a 40 3b fd 7a 93 a3 00 1e f2 2e f0 2e 3f"))
    }

    @Test func lmv2AndNTProofStr() {
        let key = NTLMAuthenticator.ntowfv2(password: "Password", user: "User", domain: "Domain")
        let lm = NTLMAuthenticator.hmacMD5(key: key, Self.serverChallenge + Self.clientChallenge) + Self.clientChallenge
        #expect(lm == Self.hex("86 c3 50 97 ac 9c ec 10 25 54 76 4a 57 cc cc 19 aa aa aa aa aa aa aa aa"))
        let temp = NTLMAuthenticator.temp(
            time: Self.zeroTime, clientChallenge: Self.clientChallenge, targetInfo: Self.targetInfo)
        let proof = NTLMAuthenticator.hmacMD5(key: key, Self.serverChallenge + temp)
        #expect(proof == Self.hex("68 cd 0a b8 51 e5 1c 96 aa bc 92 7b eb ef 6a 1c"))
    }

    static func challengeMessage(targetInfo: [UInt8] = targetInfo) -> [UInt8] {
        let targetName = NTLMAuthenticator.utf16LE("Domain")
        var message = NTLMAuthenticator.signature + NTLMAuthenticator.le32(2)
        let payloadStart = 48
        message +=
            NTLMAuthenticator.le16(UInt16(targetName.count)) + NTLMAuthenticator.le16(UInt16(targetName.count))
            + NTLMAuthenticator.le32(UInt32(payloadStart))
        message += NTLMAuthenticator.le32(NTLMAuthenticator.Flags.negotiate.rawValue)
        message += serverChallenge + [UInt8](repeating: 0, count: 8)
        message +=
            NTLMAuthenticator.le16(UInt16(targetInfo.count)) + NTLMAuthenticator.le16(UInt16(targetInfo.count))
            + NTLMAuthenticator.le32(UInt32(payloadStart + targetName.count))
        return message + targetName + targetInfo
    }

    @Test func challengeParsingAndTheAuthenticateMessage() throws {
        let challenge = try NTLMAuthenticator.parseChallenge(Self.challengeMessage())
        #expect(challenge.serverChallenge == Self.serverChallenge)
        #expect(challenge.targetInfo == Self.targetInfo)
        #expect(challenge.targetName == NTLMAuthenticator.utf16LE("Domain"))
        let message = NTLMAuthenticator.authenticateMessage(
            challenge: challenge, user: "User", domain: "Domain", password: "Password", workstation: "COMPUTER",
            clientChallenge: Self.clientChallenge, time: Self.zeroTime)
        #expect(Array(message[0..<8]) == NTLMAuthenticator.signature)
        #expect(NTLMAuthenticator.readLE32(message, 8) == 3)
        let nt = try NTLMAuthenticator.field(message, at: 20)
        #expect(Array(nt.prefix(16)) == Self.hex("68 cd 0a b8 51 e5 1c 96 aa bc 92 7b eb ef 6a 1c"))
        #expect(try NTLMAuthenticator.field(message, at: 36) == NTLMAuthenticator.utf16LE("User"))
        #expect(try NTLMAuthenticator.field(message, at: 28) == NTLMAuthenticator.utf16LE("Domain"))
    }

    @Test func aServerTimestampIsUsedAndZeroesTheLMResponse() throws {
        let stamp: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let info = Array(Self.targetInfo.dropLast(4)) + [7, 0, 8, 0] + stamp + [0, 0, 0, 0]
        let challenge = try NTLMAuthenticator.parseChallenge(Self.challengeMessage(targetInfo: info))
        #expect(challenge.timestamp == stamp)
        let message = NTLMAuthenticator.authenticateMessage(
            challenge: challenge, user: "u", domain: "d", password: "p", workstation: "w",
            clientChallenge: Self.clientChallenge)
        #expect(try NTLMAuthenticator.field(message, at: 12) == [UInt8](repeating: 0, count: 24))
        let nt = try NTLMAuthenticator.field(message, at: 20)
        #expect(Array(nt[24..<32]) == stamp)
    }

    @Test(arguments: [
        [UInt8](), Array("NTLMSSP".utf8),
        NTLMAuthenticator.signature + [1, 0, 0, 0] + [UInt8](repeating: 0, count: 40),
        NTLMAuthenticator.signature + [2, 0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]
            + [UInt8](repeating: 0, count: 20),
    ])
    func malformedChallengesAreErrors(bytes: [UInt8]) {
        #expect(throws: NTLMAuthenticator.MalformedMessage.self) { try NTLMAuthenticator.parseChallenge(bytes) }
    }

    @Test(.ownThread) func randomBytesNeverCrashTheParser() {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<3000 {
            var bytes = Self.challengeMessage()
            let flips = Int.random(in: 1..<6, using: &generator)
            for _ in 0..<flips {
                bytes[Int.random(in: 8..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            if let challenge = try? NTLMAuthenticator.parseChallenge(bytes) { _ = challenge.timestamp }
        }
    }

    @Test func userNamesSplitIntoDomainAndUser() {
        #expect(NTLMAuthenticator.splitUser(#"CORP\ann"#) == ("ann", "CORP"))
        #expect(NTLMAuthenticator.splitUser("ann@corp.example") == ("ann", "corp.example"))
        #expect(NTLMAuthenticator.splitUser("ann") == ("ann", ""))
    }
}

/// An NTLM server for tests: it checks that the three legs share one connection and verifies the
/// NTLMv2 proof with the user's password. As a `proxy` it challenges with 407 and `Proxy-Authenticate`, and
/// reads `Proxy-Authorization`.
enum NTLMServer {
    static func handler(user: String, domain: String, password: String, proxy: Bool = false) -> TestServer.Handler {
        let serverChallenge: [UInt8] = [9, 8, 7, 6, 5, 4, 3, 2]
        let negotiatedOn = Mutex<Int?>(nil)
        let status = proxy ? 407 : 401
        let challengeName = proxy ? "Proxy-Authenticate" : "WWW-Authenticate"
        return { request in
            let challengeHeader = [(challengeName, "NTLM")]
            guard let header = request.headers[proxy ? .proxyAuthorization : .authorization], header.hasPrefix("NTLM "),
                let bytes = Data(base64Encoded: String(header.dropFirst(5)))
            else {
                return TestServer.Response(status: status, headers: challengeHeader)
            }
            let message = Array(bytes)
            guard message.count >= 12 else { return TestServer.Response(status: 400) }
            switch NTLMAuthenticator.readLE32(message, 8) {
            case 1:
                negotiatedOn.withLock { $0 = request.connectionIndex }
                var challenge = NTLMAuthenticator.signature + NTLMAuthenticator.le32(2)
                challenge += [0, 0, 0, 0, 48, 0, 0, 0]  // empty target name
                challenge += NTLMAuthenticator.le32(NTLMAuthenticator.Flags.negotiate.rawValue)
                challenge += serverChallenge + [UInt8](repeating: 0, count: 8)
                let info = NTLMTests.targetInfo
                challenge +=
                    NTLMAuthenticator.le16(UInt16(info.count)) + NTLMAuthenticator.le16(UInt16(info.count))
                    + NTLMAuthenticator.le32(48)
                challenge += info
                return TestServer.Response(
                    status: status, headers: [(challengeName, "NTLM " + Data(challenge).base64EncodedString())])
            case 3:
                guard negotiatedOn.withLock({ $0 }) == request.connectionIndex else {
                    return TestServer.Response(status: status, headers: challengeHeader)
                }
                guard let nt = try? NTLMAuthenticator.field(message, at: 20), nt.count > 16,
                    let sentUser = try? NTLMAuthenticator.field(message, at: 36),
                    let sentDomain = try? NTLMAuthenticator.field(message, at: 28)
                else { return TestServer.Response(status: 400) }
                let key = NTLMAuthenticator.ntowfv2(password: password, user: user, domain: domain)
                let proof = NTLMAuthenticator.hmacMD5(key: key, serverChallenge + Array(nt[16...]))
                guard proof == Array(nt.prefix(16)), sentUser == NTLMAuthenticator.utf16LE(user),
                    sentDomain == NTLMAuthenticator.utf16LE(domain)
                else { return TestServer.Response(status: status, headers: challengeHeader) }
                return .text("hello \(domain)\\\(user)")
            default:
                return TestServer.Response(status: 400)
            }
        }
    }
}

@Suite("NTLM handshake")
struct NTLMFlowTests {
    @Test func handshakeOnOneConnection() async throws {
        let delegate = ChallengeDelegate { challenge in
            challenge.protectionSpace.authenticationMethod == .ntlm
                ? .useCredential(.user(#"CORP\ann"#, password: "Secret1")) : .cancel
        }
        try await withServer(
            delegate: delegate, handler: NTLMServer.handler(user: "ann", domain: "CORP", password: "Secret1")
        ) {
            server, session in
            let response = try await session.data(for: Request(url: server.url("/sharepoint")))
            #expect(response.text == #"hello CORP\ann"#)
            #expect(server.recordedRequests.count == 3)
        }
    }

    @Test func wrongPasswordFailsOnce() async throws {
        let delegate = ChallengeDelegate { challenge in
            challenge.previousFailureCount == 0
                ? .useCredential(.user(#"CORP\ann"#, password: "wrong")) : .performDefaultHandling
        }
        try await withServer(
            delegate: delegate, handler: NTLMServer.handler(user: "ann", domain: "CORP", password: "Secret1")
        ) {
            server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/sharepoint")))
            }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(delegate.challenges.withLock { $0.count } == 2)
            // Negotiate, Authenticate, and nothing more: repeated tries lock accounts.
            #expect(server.recordedRequests.count == 3)
        }
    }
}
