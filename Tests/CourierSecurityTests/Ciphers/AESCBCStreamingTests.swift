import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

@Suite("AESCBCEncryptor and AESCBCDecryptor")
struct AESCBCStreamingTests {
    @Test("streaming in random chunk sizes produces exactly the one-shot ciphertext and plaintext", .ownThread)
    func streamingMatchesOneShot() throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 32))
        var generator = SeededGenerator(seed: 99)
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 1_000, 65_537] {
            let plaintext = generator.bytes(length)
            let iv = generator.bytes(16)
            let expected = try cbc.encrypt(plaintext, iv: iv)

            var encryptor = try cbc.makeEncryptor(iv: iv)
            #expect(encryptor.iv == iv)
            var ciphertext = Data()
            var offset = 0
            while offset < plaintext.count {
                let step = min(Int.random(in: 0...5_000, using: &generator), plaintext.count - offset)
                ciphertext += try encryptor.update(plaintext[offset..<offset + step])
                offset += step
            }
            ciphertext += try encryptor.finalize()
            #expect(ciphertext == expected)

            var decryptor = try cbc.makeDecryptor(iv: iv)
            var decrypted = Data()
            offset = 0
            while offset < ciphertext.count {
                let step = min(Int.random(in: 1...5_000, using: &generator), ciphertext.count - offset)
                decrypted += try decryptor.update(ciphertext[offset..<offset + step])
                offset += step
            }
            decrypted += try decryptor.finalize()
            #expect(decrypted == plaintext)
        }
    }

    @Test("a random IV is chosen when none is given")
    func randomIV() throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 16))
        let first = try cbc.makeEncryptor()
        let second = try cbc.makeEncryptor()
        #expect(first.iv.count == 16)
        #expect(first.iv != second.iv)
    }

    @Test("the decryptor reports truncation, misalignment and bad padding at finalize")
    func decryptorErrors() throws {
        let key = try SecretKey(ascii: "0123456789abcdef")
        let iv = Data(count: 16)
        let ciphertext = try AESCBC(key: key).encrypt(Data(repeating: 3, count: 50), iv: iv)

        var empty = try AESCBCDecryptor(key: key, iv: iv)
        #expect(securityError { _ = try empty.finalize() }?.code == .truncatedInput)

        var misaligned = try AESCBCDecryptor(key: key, iv: iv)
        _ = try misaligned.update(ciphertext.dropLast(3))
        #expect(securityError { _ = try misaligned.finalize() }?.code == .alignmentError)

        var wrongKey = try AESCBCDecryptor(key: SecretKey(ascii: "fedcba9876543210"), iv: iv)
        _ = try wrongKey.update(ciphertext)
        #expect(securityError { _ = try wrongKey.finalize() }?.code == .decodeError)

        #expect(securityError { _ = try wrongKey.update(Data([1])) }?.code == .invalidParameter)
        var encryptor = try AESCBCEncryptor(key: key, iv: iv)
        _ = try encryptor.finalize()
        #expect(securityError { _ = try encryptor.finalize() }?.code == .invalidParameter)
        #expect(
            securityError { _ = try AESCBCEncryptor(key: SecretKey(ascii: "short"), iv: iv) }?.code == .invalidKeyLength
        )
    }

    @Test("the decryptor holds back the final block until finalize")
    func holdsBackLastBlock() throws {
        let key = SecretKey.random(byteCount: 16)
        let iv = Data(count: 16)
        let ciphertext = try AESCBC(key: key).encrypt(Data(repeating: 5, count: 32), iv: iv)
        var decryptor = try AESCBCDecryptor(key: key, iv: iv)
        let early = try decryptor.update(ciphertext)
        #expect(early.count == 32)
        #expect(try decryptor.finalize().isEmpty)
    }
}
