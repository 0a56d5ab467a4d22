import Crypto
import Foundation
import Testing

@testable import Courier

@Suite("CertificatePin")
struct CertificatePinTests {
    enum Position: String, CaseIterable, Sendable {
        case leaf, intermediate, root

        func certificate(_ pki: TestPKI) -> ChainCertificate {
            switch self {
            case .leaf: return pki.leaf.chainCertificate
            case .intermediate: return pki.intermediate.chainCertificate
            case .root: return pki.root.chainCertificate
            }
        }
    }

    static let kinds: [CertificatePin.Kind] = [.certificate, .subjectPublicKeyInfo]

    @Test(arguments: Position.allCases, kinds)
    func aPinOnAnyCertificateOfTheVerifiedChainMatches(position: Position, kind: CertificatePin.Kind) async throws {
        let pki = try TestPKI()
        let pin = CertificatePin(kind, of: position.certificate(pki))
        let unrelated = CertificatePin(kind, of: try TestPKI().leaf.chainCertificate)
        let chain = try await pki.evaluator(pins: [unrelated, pin]).evaluate(pki.presented(), host: "localhost")
        #expect(chain.matchedPin == pin)
    }

    @Test(arguments: Position.allCases, kinds)
    func aPinOnAnotherPKIsCertificateIsAMismatch(position: Position, kind: CertificatePin.Kind) async throws {
        let pki = try TestPKI()
        let other = try TestPKI()
        let pin = CertificatePin(kind, of: position.certificate(other))
        do {
            _ = try await pki.evaluator(pins: [pin]).evaluate(pki.presented(), host: "localhost")
            Issue.record("a pin on another PKI's \(position) matched")
        } catch {
            guard case .pinMismatch(let pins, let chain) = error.reason else {
                Issue.record("expected a pin mismatch, got \(error.reason)")
                return
            }
            #expect(pins == [pin.description])
            #expect(chain.count == 3)
            #expect(error.summary.contains("matches none of the pins: \(pin.description)"))
            #expect(error.summary.contains("Courier Test Root (certificate sha256/"))
        }
    }

    @Test func aCertificatePinAndAKeyPinMustBothMatch() async throws {
        let pki = try TestPKI()
        let certificatePin = CertificatePin(.certificate, of: pki.leaf.chainCertificate)
        let keyPin = CertificatePin(.subjectPublicKeyInfo, of: pki.intermediate.chainCertificate)
        let otherKey = CertificatePin(.subjectPublicKeyInfo, of: try TestPKI().root.chainCertificate)
        let both = try await pki.evaluator(pins: [certificatePin, keyPin]).evaluate(pki.presented(), host: "localhost")
        #expect(both.matchedPin == certificatePin)
        // The certificate matches, the only key pin does not: refused (a pinned certificate does not excuse a
        // key pin, as ServerTrustPolicy combines them).
        await #expect(throws: CertificateChainError.self) {
            try await pki.evaluator(pins: [certificatePin, otherKey]).evaluate(pki.presented(), host: "localhost")
        }
        // A backup key pin of the same kind is an alternative.
        let withBackup = try await pki.evaluator(pins: [certificatePin, otherKey, keyPin])
            .evaluate(pki.presented(), host: "localhost")
        #expect(withBackup.matchedPin == certificatePin)
    }

    @Test func aPinOnARootTheServerDoesNotPresentMatchesTheVerifiedChain() async throws {
        let pki = try TestPKI()
        // The server presents leaf and intermediate; the root comes from the trust store.
        let pin = CertificatePin(.subjectPublicKeyInfo, of: pki.root.chainCertificate)
        let chain = try await pki.evaluator(pins: [pin]).evaluate(pki.presented(), host: "localhost")
        #expect(chain.matchedPin == pin)
    }

    @Test func pinsAloneAreCheckedAgainstThePresentedChainWhenEvaluationIsDisabled() async throws {
        let pki = try TestPKI()
        let selfSigned = try pki.leaf(commonName: "anything", dnsNames: ["anything.example"], selfSigned: true)
        let pin = CertificatePin(.certificate, of: selfSigned.chainCertificate)
        let chain = try await CertificateChainEvaluator(unverifiedWithPins: [pin]).evaluate(
            [selfSigned.der], host: "localhost")
        #expect(!chain.isVerified)
        #expect(chain.validatedChain == nil)
        await #expect(throws: CertificateChainError.self) {
            try await CertificateChainEvaluator(unverifiedWithPins: [
                CertificatePin(.certificate, of: pki.leaf.chainCertificate)
            ])
            .evaluate([selfSigned.der], host: "localhost")
        }
    }

    @Test func theSPKIPinIsRFC7469sDigestOfTheEncodedKeyInfo() throws {
        let pki = try TestPKI()
        let pin = CertificatePin(.subjectPublicKeyInfo, of: pki.leaf.chainCertificate)
        #expect(pin.sha256Digest == Array(SHA256.hash(data: pki.leaf.key.publicKey.derRepresentation)))
        let certificatePin = CertificatePin(.certificate, of: pki.leaf.chainCertificate)
        #expect(certificatePin.sha256Digest == Array(SHA256.hash(data: pki.leaf.der)))
    }

    @Test func pinsAreReadFromBase64AndHex() throws {
        let digest = Array(SHA256.hash(data: Array("courier".utf8)))
        let base64 = Data(digest).base64EncodedString()
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        let colonHex = digest.map { String(format: "%02X", $0) }.joined(separator: ":")
        for text in [
            base64, "sha256/\(base64)", "sha256//\(base64)", "pin-sha256=\"\(base64)\"", String(base64.dropLast()), hex,
            colonHex, " \(hex) ",
        ] {
            let pin = try CertificatePin(.subjectPublicKeyInfo, text)
            #expect(pin.sha256Digest == digest, "\(text)")
        }
        #expect(try CertificatePin(.certificate, hex).description == "certificate sha256/\(base64)")
        #expect(try CertificatePin(.subjectPublicKeyInfo, hex).description == "key sha256/\(base64)")
    }

    @Test(arguments: [
        "", "sha256/", "not a pin", String(repeating: "g", count: 64), String(repeating: "ab", count: 31),
        "+f" + String(repeating: "0", count: 62), "YWJj",
    ])
    func malformedPinsAreRefused(text: String) {
        #expect(throws: CertificatePin.ParseError.self) { try CertificatePin(.certificate, text) }
    }

    @Test func aDigestMustHave32Bytes() {
        #expect(throws: CertificatePin.ParseError.self) {
            try CertificatePin(.certificate, sha256Digest: [UInt8](repeating: 0, count: 20))
        }
    }
}
