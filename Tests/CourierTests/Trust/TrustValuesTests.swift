import CourierTestSupport
import CourierTesting
import Foundation
import NIOSSL
import Testing

@testable import Courier

@Suite("Server trust values")
struct TrustValuesTests {
    // MARK: Certificates

    @Test func certificateSummaryReadsSubjectIssuerDatesAndKey() throws {
        let authority = try TestCertificateAuthority(commonName: "Pin Test CA")
        let before = Date(timeIntervalSince1970: 1_700_000_000)
        let after = Date(timeIntervalSince1970: 1_800_000_000)
        let server = try authority.makeServerCertificate(
            dnsNames: ["api.example.com"], notValidBefore: before, notValidAfter: after)
        let summary = try TLSCertificate(derRepresentation: server.certificateDER)
        #expect(summary.subject == "CN=api.example.com, O=Courier Testing")
        #expect(summary.issuer == "CN=Pin Test CA, O=Courier Testing")
        #expect(summary.commonName == "api.example.com")
        #expect(summary.notValidBefore == before)
        #expect(summary.notValidAfter == after)
        #expect(!summary.isValid(at: Date(timeIntervalSince1970: 1_900_000_000)))
        #expect(summary.isValid(at: Date(timeIntervalSince1970: 1_750_000_000)))
        #expect(try TLSCertificate.certificates(pem: server.certificatePEM) == [summary])
        #expect(try TLSCertificate.certificates(pem: summary.pemRepresentation) == [summary])
    }

    @Test func pinIsSHA256OfTheWholeSubjectPublicKeyInfoAsNIOSSLEncodesIt() throws {
        // The spec's reference: NIOSSL's extractPublicKey().toSPKIBytes(), not the bare key bits.
        let authority = try TestCertificateAuthority()
        for certificate in [authority.root, try authority.makeServerCertificate()] {
            let spki = try certificate.nioSSLCertificate.extractPublicKey().toSPKIBytes()
            let summary = try TLSCertificate(derRepresentation: certificate.certificateDER)
            #expect(summary.publicKeyPin == PublicKeyPin(subjectPublicKeyInfo: spki))
            #expect(summary.subjectPublicKeyInfo == spki)
        }
    }

    @Test func pinMatchesOpenSSLsCommandLine() throws {
        guard let openssl = OpenSSLTool.find() else {
            print("skipped: openssl is not installed")
            return
        }
        let authority = try TestCertificateAuthority()
        let server = try authority.makeServerCertificate()
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("server.pem")
        try Data(server.certificatePEM.utf8).write(to: file)
        let output = try openssl.shell(
            "openssl x509 -in '\(file.path)' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        )
        let expected = try PublicKeyPin(output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try TLSCertificate(derRepresentation: server.certificateDER).publicKeyPin == expected)
    }

    @Test(arguments: [0, 1, 2, 10, 50, 100])
    func truncatedCertificatesAreRefusedCleanly(cut: Int) throws {
        let authority = try TestCertificateAuthority()
        let der = try authority.makeServerCertificate().certificateDER
        let truncated = Array(der.prefix(max(0, der.count - 1 - cut)))
        #expect(throws: CourierError.self) { try TLSCertificate(derRepresentation: truncated) }
    }

    @Test(.ownThread) func garbageNeverCrashesTheCertificateReader() throws {
        let authority = try TestCertificateAuthority()
        let der = try authority.makeServerCertificate().certificateDER
        var generator = SeededGenerator(seed: 42)
        for round in 0..<2000 {
            var bytes = der
            // Flip a few bytes, or cut, or both.
            for _ in 0..<(1 + round % 4) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if round % 3 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))) }
            _ = try? TLSCertificate(derRepresentation: bytes)
        }
        // Deep BER nesting is refused, not recursed into.
        let nested =
            [UInt8](repeating: 0x30, count: 1) + [0x80] + Array(repeating: [0x30, 0x80], count: 5000).flatMap { $0 }
        #expect(throws: DER.DecodingError.self) { try DER.parse(nested) }
        #expect(throws: CourierError.self) {
            try TLSCertificate(derRepresentation: [UInt8](repeating: 0x30, count: 300_000))
        }
    }

    @Test func pemWithoutCertificatesOrTruncatedIsAnError() {
        #expect(throws: CourierError.self) { try TLSCertificate.certificates(pem: "") }
        #expect(throws: CourierError.self) { try TLSCertificate.certificates(pem: "-----BEGIN CERTIFICATE-----\nMIIB") }
        #expect(throws: CourierError.self) {
            try TLSCertificate.certificates(pem: "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n")
        }
    }

    // MARK: Pins

    @Test(arguments: [
        "sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        "sha256//47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        "pin-sha256=\"47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\"",
        "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        "SHA256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU",
    ])
    func pinFormsAreAccepted(text: String) throws {
        let pin = try PublicKeyPin(text)
        #expect(pin.description == "sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(pin.sha256Digest.count == 32)
    }

    @Test func aDigestWhoseBase64StartsWithASlashKeepsIt() throws {
        // 0xFE... encodes to "/..." in base64: `sha256//…` is then the plain form, not curl's.
        let digest = Data([0xFE] + [UInt8](repeating: 7, count: 31))
        let text = "sha256/" + digest.base64EncodedString()
        #expect(text.hasPrefix("sha256//"))
        #expect(try PublicKeyPin(text).sha256Digest == digest)
        #expect(try PublicKeyPin("sha256/" + text.dropFirst("sha256".count)).sha256Digest == digest)
        #expect(try PublicKeyPin(text).description == text)
    }

    @Test(arguments: [
        "", "sha256/", "sha256/abc", "sha1/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        "sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU==", "sha256/!!DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        String(repeating: "A", count: 100_000),
    ])
    func malformedPinsFailAtConfigurationTime(text: String) {
        let error = #expect(throws: CourierError.self) { try PublicKeyPin(text) }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("not a public-key pin") == true)
        #expect(throws: CourierError.self) { try ServerTrustPolicy.pinnedPublicKeys([text]) }
    }

    @Test func pinningAddsToAnyPolicyAndEmptyListsAreRefused() throws {
        let pin = try PublicKeyPin("sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        let policy = ServerTrustPolicy.anchors(pem: ["x"]).pinning(publicKeys: [pin, pin])
        #expect(policy.publicKeyPins == [pin])
        #expect(policy.hasPins)
        #expect(!policy.isEvaluationDisabled)
        #expect(ServerTrustPolicy.dangerouslyDisableEvaluation.pinning(publicKeys: [pin]).isEvaluationDisabled)
        #expect(throws: CourierError.self) { try ServerTrustPolicy.pinnedPublicKeys([String]()) }
        #expect(ServerTrustPolicy.pinnedPublicKeys([PublicKeyPin]()) == .systemDefault)
    }

    // MARK: Host patterns

    @Test func managerPrefersExactThenLongestPatternThenDefault() throws {
        let exact = ServerTrustPolicy.anchors(pem: ["exact"])
        let short = ServerTrustPolicy.anchors(pem: ["short"])
        let long = ServerTrustPolicy.anchors(pem: ["long"])
        let manager = try ServerTrustManager(
            policies: ["API.example.com": exact, "*.example.com": short, "*.eu.example.com": long],
            default: .dangerouslyDisableEvaluation)
        #expect(manager.policy(forHost: "api.example.com") == exact)
        #expect(manager.policy(forHost: "api.example.com.") == exact)
        #expect(manager.policy(forHost: "www.example.com") == short)
        #expect(manager.policy(forHost: "a.b.example.com") == short)
        #expect(manager.policy(forHost: "db.eu.example.com") == long)
        #expect(manager.policy(forHost: "example.com") == .dangerouslyDisableEvaluation)
        #expect(manager.policy(forHost: "notexample.com") == .dangerouslyDisableEvaluation)
        let addresses = try ServerTrustManager(policies: ["127.0.0.1": exact, "[::1]": long])
        #expect(addresses.policy(forHost: "127.0.0.1") == exact)
        #expect(addresses.policy(forHost: "::1") == long)
        #expect(addresses.policy(forHost: "localhost") == .systemDefault)
    }

    @Test(arguments: [
        "", "*", "*.", "api.*.com", "example.com:443", "https://example.com", "a..b", "*.*.com", "ex ample",
    ])
    func invalidHostPatternsAreRefused(pattern: String) {
        let error = #expect(throws: CourierError.self) {
            try ServerTrustManager(policies: [pattern: .systemDefault])
        }
        #expect(error?.code == .invalidConfiguration)
    }
}

/// A deterministic random generator for the fuzz loops (SplitMix64).

/// The `openssl` command line, for tests that check Courier against it; skipped where it is missing.
struct OpenSSLTool {
    let path: String

    static func find() -> OpenSSLTool? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/openssl"
            if FileManager.default.isExecutableFile(atPath: candidate) { return OpenSSLTool(path: candidate) }
        }
        return nil
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a shell command line and returns its standard output; throws when it exits non-zero.
    @discardableResult
    func shell(_ command: String) throws -> String {
        let (ended, output, errors) = try TestProcess.run("/bin/sh", ["-c", command])
        guard ended.succeeded else { throw Failure(description: "\(command) failed: \(errors)") }
        return output
    }
}
