import CourierTestSupport
import CourierTesting
import Foundation
import NIOSSL
import Testing

@testable import Courier

@Suite("Client identities")
struct ClientIdentityTests {
    let authority: TestCertificateAuthority
    let client: TestCertificate

    init() throws {
        authority = try TestCertificateAuthority()
        client = try authority.makeClientCertificate(commonName: "device-42")
    }

    func pkcs12(passphrase: String = "test", chain: Bool = true) throws -> [UInt8] {
        let certificates = chain ? [client.nioSSLCertificate, authority.nioSSLCertificate] : [client.nioSSLCertificate]
        return try NIOSSLPKCS12Bundle(certificateChain: certificates, privateKey: client.nioSSLPrivateKey)
            .serialize(passphrase: Array(passphrase.utf8))
    }

    func reason(_ body: () throws -> ClientIdentity) -> ClientIdentityError.Reason? {
        do {
            _ = try body()
            return nil
        } catch let error as CourierError {
            #expect(error.code == .invalidConfiguration)
            #expect(error.outcome == .notSent)
            return (error.underlyingError as? ClientIdentityError)?.reason
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    // MARK: PKCS#12

    @Test func readsAPKCS12WithItsChain() throws {
        let identity = try ClientIdentity(pkcs12: pkcs12(), passphrase: "test")
        #expect(identity.certificate.subject == "CN=device-42, O=Courier Testing")
        #expect(
            identity.certificates.map(\.subject) == [
                "CN=device-42, O=Courier Testing", "CN=Courier Test CA, O=Courier Testing",
            ])
        #expect(identity.certificateChain.count == 2)
        #expect(!identity.description.contains("PRIVATE"))
    }

    @Test func readsBase64AsALoginServiceSendsIt() throws {
        let text = Data(try pkcs12()).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        let identity = try ClientIdentity(pkcs12Base64: text, passphrase: "test")
        #expect(identity.certificate.commonName == "device-42")
        #expect(reason { try ClientIdentity(pkcs12Base64: "not base64 at all!", passphrase: "test") } == .malformed)
    }

    @Test func wrongPassphraseIsReportedAsSuch() throws {
        let data = try pkcs12()
        #expect(reason { try ClientIdentity(pkcs12: data, passphrase: "tset") } == .wrongPassphrase)
        #expect(reason { try ClientIdentity(pkcs12: data, passphrase: "") } == .wrongPassphrase)
    }

    @Test func emptyPassphraseOpensAFileExportedWithoutOne() throws {
        let identity = try ClientIdentity(pkcs12: pkcs12(passphrase: ""), passphrase: "")
        #expect(identity.certificate.commonName == "device-42")
    }

    @Test func everyTruncationIsAClearError() throws {
        let data = try pkcs12()
        for length in 0..<data.count {
            let found = reason { try ClientIdentity(pkcs12: data.prefix(length), passphrase: "test") }
            #expect(found == .malformed, "prefix of \(length) bytes gave \(String(describing: found))")
        }
    }

    @Test(.ownThread) func corruptedBytesNeverCrash() throws {
        let data = try pkcs12()
        var generator = SeededGenerator(seed: 7)
        // 120 of each keeps this synchronous test short (it holds a cooperative-pool thread).
        for _ in 0..<120 {
            var bytes = data
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
            #expect(reason { try ClientIdentity(pkcs12: bytes, passphrase: "test") } != nil)
        }
        for _ in 0..<120 {
            let count = Int.random(in: 0..<4096, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(reason { try ClientIdentity(pkcs12: bytes, passphrase: "test") } != nil)
        }
    }

    @Test(.ownThread) func oversizedInputIsRefusedBeforeParsing() {
        let huge = [UInt8](repeating: 0x30, count: 2 * 1024 * 1024)
        #expect(reason { try ClientIdentity(pkcs12: huge, passphrase: "test") } == .tooLarge)
        let hugeText = String(repeating: "A", count: 3 * 1024 * 1024)
        #expect(reason { try ClientIdentity(pkcs12Base64: hugeText, passphrase: "test") } == .tooLarge)
        #expect(reason { try ClientIdentity(certificatePEM: hugeText) } == .tooLarge)
    }

    // Files that decrypt but that swift-nio-ssl's own reader would trap on.

    @Test func certificateOnlyFileIsMissingItsKey() throws {
        let file = PFXBuilder.pfx(bags: [PFXBuilder.certBag(client.certificateDER)], passphrase: "p")
        #expect(reason { try ClientIdentity(pkcs12: file, passphrase: "p") } == .missingPrivateKey)
    }

    @Test func keyOnlyFileIsMissingItsCertificate() throws {
        let file = PFXBuilder.pfx(bags: [PFXBuilder.keyBag(client.privateKeyDER)], passphrase: "p")
        #expect(reason { try ClientIdentity(pkcs12: file, passphrase: "p") } == .missingCertificate)
    }

    @Test func keyOfAnotherCertificateIsRefused() throws {
        let other = try authority.makeClientCertificate(commonName: "someone else")
        let file = PFXBuilder.pfx(
            bags: [PFXBuilder.keyBag(other.privateKeyDER), PFXBuilder.certBag(client.certificateDER)], passphrase: "p")
        #expect(reason { try ClientIdentity(pkcs12: file, passphrase: "p") } == .keyDoesNotMatchCertificate)
    }

    @Test func twoKeysAreRefused() throws {
        let other = try authority.makeClientCertificate(commonName: "someone else")
        let file = PFXBuilder.pfx(
            bags: [
                PFXBuilder.keyBag(other.privateKeyDER), PFXBuilder.keyBag(client.privateKeyDER),
                PFXBuilder.certBag(client.certificateDER),
            ], passphrase: "p")
        #expect(reason { try ClientIdentity(pkcs12: file, passphrase: "p") } == .multiplePrivateKeys)
    }

    @Test func plainKeyBagsAndUnencryptedCertificatesAreRead() throws {
        let file = PFXBuilder.pfx(
            bags: [
                PFXBuilder.certBag(authority.certificateDER), PFXBuilder.keyBag(client.privateKeyDER),
                PFXBuilder.certBag(client.certificateDER),
            ], passphrase: "p")
        let identity = try ClientIdentity(pkcs12: file, passphrase: "p")
        // The certificate of the key comes first whatever the order in the file.
        #expect(identity.certificates.map(\.commonName) == ["device-42", "Courier Test CA"])
    }

    @Test func absurdIterationCountsAreRefusedInsteadOfHanging() {
        let file = PFXBuilder.pfx(
            bags: [PFXBuilder.keyBag(client.privateKeyDER)], passphrase: "p", iterations: 50_000_000)
        #expect(reason { try ClientIdentity(pkcs12: file, passphrase: "p") } == .unsupported)
    }

    @Test(.ownThread) func opensslDefaultAndLegacyFilesAreRead() throws {
        guard let openssl = OpenSSLTool.find() else {
            print("skipped: openssl is not installed")
            return
        }
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = directory.appendingPathComponent("client.pem")
        let key = directory.appendingPathComponent("client.key")
        let ca = directory.appendingPathComponent("ca.pem")
        try Data(client.certificatePEM.utf8).write(to: certificate)
        try Data(client.privateKeyPEM.utf8).write(to: key)
        try Data(authority.certificatePEM.utf8).write(to: ca)
        let base = "openssl pkcs12 -export -in '\(certificate.path)' -inkey '\(key.path)' -passout pass:secret"
        // OpenSSL 3's default: PBES2 with AES-256-CBC and PBKDF2, HMAC-SHA256 MAC.
        let modern = directory.appendingPathComponent("modern.p12")
        try openssl.shell("\(base) -certfile '\(ca.path)' -out '\(modern.path)'")
        let read = try ClientIdentity(pkcs12File: modern, passphrase: "secret")
        #expect(read.certificates.count == 2)
        #expect(read.certificate.commonName == "device-42")
        #expect(reason { try ClientIdentity(pkcs12File: modern, passphrase: "wrong") } == .wrongPassphrase)
        // The legacy schemes (3DES key, RC2-40 certificates, SHA-1 MAC), where OpenSSL still offers them.
        let legacy = directory.appendingPathComponent("legacy.p12")
        if (try? openssl.shell("\(base) -legacy -out '\(legacy.path)'")) != nil {
            #expect(try ClientIdentity(pkcs12File: legacy, passphrase: "secret").certificate.commonName == "device-42")
        }
        let tripleDES = directory.appendingPathComponent("3des.p12")
        try openssl.shell(
            "\(base) -keypbe PBE-SHA1-3DES -certpbe PBE-SHA1-3DES -macalg sha1 -out '\(tripleDES.path)'")
        #expect(try ClientIdentity(pkcs12File: tripleDES, passphrase: "secret").certificate.commonName == "device-42")
        // A trust store: certificates only, encrypted.
        let trustStore = directory.appendingPathComponent("truststore.p12")
        try openssl.shell(
            "openssl pkcs12 -export -nokeys -in '\(ca.path)' -passout pass:secret -out '\(trustStore.path)'")
        #expect(reason { try ClientIdentity(pkcs12File: trustStore, passphrase: "secret") } == .missingPrivateKey)
    }

    // MARK: PEM

    @Test func readsPEMCertificateAndKeyInAnyOrder() throws {
        let identity = try ClientIdentity(
            certificatePEM: authority.certificatePEM + client.certificatePEM, privateKeyPEM: client.privateKeyPEM)
        #expect(identity.certificate.commonName == "device-42")
        #expect(identity.certificates.count == 2)
        let combined = try ClientIdentity(certificatePEM: client.privateKeyPEM + client.certificatePEM)
        #expect(combined.certificate.commonName == "device-42")
    }

    @Test func pemProblemsHaveTheirOwnReasons() throws {
        let other = try authority.makeClientCertificate(commonName: "other")
        #expect(reason { try ClientIdentity(certificatePEM: client.certificatePEM) } == .missingPrivateKey)
        #expect(reason { try ClientIdentity(certificatePEM: client.privateKeyPEM) } == .missingCertificate)
        #expect(
            reason { try ClientIdentity(certificatePEM: client.certificatePEM, privateKeyPEM: other.privateKeyPEM) }
                == .keyDoesNotMatchCertificate)
        #expect(
            reason {
                try ClientIdentity(
                    certificatePEM: client.certificatePEM, privateKeyPEM: other.privateKeyPEM + client.privateKeyPEM)
            } == .multiplePrivateKeys)
        let truncated = String(client.certificatePEM.prefix(client.certificatePEM.count / 2))
        #expect(
            reason { try ClientIdentity(certificatePEM: truncated, privateKeyPEM: client.privateKeyPEM) } == .malformed)
        let garbage = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        #expect(
            reason { try ClientIdentity(certificatePEM: client.certificatePEM, privateKeyPEM: garbage) } == .malformed)
    }

    @Test func encryptedPEMKeysNeedTheirPassphrase() throws {
        guard let openssl = OpenSSLTool.find() else {
            print("skipped: openssl is not installed")
            return
        }
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("client.key")
        try Data(client.privateKeyPEM.utf8).write(to: key)
        let encrypted = try openssl.shell(
            "openssl pkcs8 -topk8 -v2 aes-256-cbc -in '\(key.path)' -passout pass:s3cret")
        #expect(encrypted.contains("ENCRYPTED PRIVATE KEY"))
        let identity = try ClientIdentity(
            certificatePEM: client.certificatePEM, privateKeyPEM: encrypted, passphrase: "s3cret")
        #expect(identity.certificate.commonName == "device-42")
        #expect(
            reason { try ClientIdentity(certificatePEM: client.certificatePEM, privateKeyPEM: encrypted) }
                == .passphraseRequired)
        #expect(
            reason {
                try ClientIdentity(certificatePEM: client.certificatePEM, privateKeyPEM: encrypted, passphrase: "nope")
            } == .wrongPassphrase)
        // OpenSSL's traditional encrypted form (Proc-Type/DEK-Info headers).
        let traditional = try openssl.shell(
            "openssl ec -in '\(key.path)' -aes256 -passout pass:s3cret 2>/dev/null")
        #expect(traditional.contains("Proc-Type: 4,ENCRYPTED"))
        let fromTraditional = try ClientIdentity(
            certificatePEM: client.certificatePEM, privateKeyPEM: traditional, passphrase: "s3cret")
        #expect(fromTraditional.certificate.commonName == "device-42")
    }

    @Test func filesAreReadByContent() throws {
        let directory = try OpenSSLTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let p12 = directory.appendingPathComponent("identity.p12")
        try Data(try pkcs12()).write(to: p12)
        let pem = directory.appendingPathComponent("identity.pem")
        try Data((client.certificatePEM + client.privateKeyPEM).utf8).write(to: pem)
        #expect(try ClientIdentity(certificateFile: p12, passphrase: "test").certificate.commonName == "device-42")
        #expect(try ClientIdentity(certificateFile: pem).certificate.commonName == "device-42")
        #expect(
            reason { try ClientIdentity(certificateFile: p12, privateKeyFile: pem, passphrase: "test") } == .unsupported
        )
        let missing = #expect(throws: CourierError.self) {
            try ClientIdentity(certificateFile: directory.appendingPathComponent("none.p12"))
        }
        #expect(missing?.code == .fileDoesNotExist)
    }
}

/// Builds PKCS#12 files by hand, including the malformed-but-decryptable ones no tool writes.
enum PFXBuilder {
    static func keyBag(_ pkcs8: [UInt8]) -> [UInt8] {
        DER.sequence([DER.objectIdentifier(DER.OID.keyBag), DER.explicit(0, pkcs8)])
    }

    static func certBag(_ certificate: [UInt8]) -> [UInt8] {
        DER.sequence([
            DER.objectIdentifier(DER.OID.certBag),
            DER.explicit(
                0,
                DER.sequence([
                    DER.objectIdentifier(DER.OID.x509Certificate), DER.explicit(0, DER.octetString(certificate)),
                ])),
        ])
    }

    /// A version-3 PFX with the bags in one unencrypted content and an HMAC-SHA256 integrity MAC.
    static func pfx(bags: [[UInt8]], passphrase: String, iterations: Int = 2048) -> [UInt8] {
        let content = DER.sequence([
            DER.sequence([
                DER.objectIdentifier(DER.OID.data), DER.explicit(0, DER.octetString(DER.sequence(bags))),
            ])
        ])
        let salt: [UInt8] = Array(0..<16)
        // A MAC for a huge iteration count is not computed: the reader must refuse before checking it.
        let mac =
            iterations <= PKCS12Reader.maximumIterations
            ? (try? PKCS12KeyDerivation.mac(
                of: content, password: PKCS12KeyDerivation.passwordBytes(passphrase), salt: salt,
                iterations: iterations, digest: .sha256)) ?? [] : [UInt8](repeating: 0, count: 32)
        return DER.sequence([
            DER.integer(3),
            DER.sequence([DER.objectIdentifier(DER.OID.data), DER.explicit(0, DER.octetString(content))]),
            DER.sequence([
                DER.sequence([
                    DER.sequence([DER.objectIdentifier(DER.OID.sha256), DER.encode(DER.Tag.null, [])]),
                    DER.octetString(mac),
                ]),
                DER.octetString(salt),
                DER.integer(iterations),
            ]),
        ])
    }
}
