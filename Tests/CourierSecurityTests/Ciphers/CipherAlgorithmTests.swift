import Foundation
import Testing

@testable import CourierSecurity

@Suite("CipherAlgorithm")
struct CipherAlgorithmTests {
    @Test(
        "parses common spellings",
        arguments: [
            ("AES-256-CBC", CipherAlgorithm.aesCBC), ("aes-128-gcm", .aesGCM), ("chacha20-poly1305", .chaCha20Poly1305),
            ("des-ede3-cbc", .tripleDES), ("3DES", .tripleDES), ("kCCAlgorithm3DES", .tripleDES), ("DES", .des),
            ("rc2", .rc2), ("RC4", .rc4), ("arcfour", .rc4), ("CAST5", .cast), ("bf", .blowfish),
            ("kCCAlgorithmBlowfish", .blowfish), ("kCCAlgorithmAES128", .aesCBC),
        ]
    )
    func parses(name: String, algorithm: CipherAlgorithm) throws {
        #expect(try CipherAlgorithm(name: name) == algorithm)
    }

    @Test("unknown names are unsupportedAlgorithm")
    func unknownName() {
        #expect(securityError { _ = try CipherAlgorithm(name: "rot13") }?.code == .unsupportedAlgorithm)
    }

    @Test(
        "retired ciphers are refused with an error naming AES-GCM and AES-CBC",
        arguments: [CipherAlgorithm.des, .tripleDES, .rc2, .rc4, .cast, .blowfish]
    )
    func refusesRetired(algorithm: CipherAlgorithm) {
        #expect(algorithm.isRefused)
        let error = securityError { _ = try algorithm.makeCipher(key: SecretKey.random(byteCount: 24)) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.message.contains("AES-GCM") == true)
        #expect(error?.message.contains("AES-CBC") == true)
        #expect(error?.message.contains(algorithm.rawValue) == true)
    }

    @Test(
        "supported ciphers round-trip through the common protocol",
        arguments: [CipherAlgorithm.aesCBC, .aesGCM, .chaCha20Poly1305])
    func supportedRoundTrip(algorithm: CipherAlgorithm) throws {
        #expect(!algorithm.isRefused)
        let cipher = try algorithm.makeCipher(key: SecretKey.random(byteCount: 32))
        let message = try cipher.encrypt(Data("courier".utf8))
        #expect(try cipher.decrypt(message) == Data("courier".utf8))
    }
}
