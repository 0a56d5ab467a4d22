import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

@Suite("AESCBC")
struct AESCBCTests {
    static let nistPlaintext =
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
    static let nistIV = "000102030405060708090a0b0c0d0e0f"

    /// NIST SP 800-38A F.2.1, F.2.3 and F.2.5. PKCS#7 adds one block after the four of the vector.
    @Test(
        "matches NIST SP 800-38A for AES-128, AES-192 and AES-256",
        arguments: [
            (
                "2b7e151628aed2a6abf7158809cf4f3c",
                "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
                    + "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"
            ),
            (
                "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
                "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
                    + "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd"
            ),
            (
                "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
                "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                    + "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"
            ),
        ]
    )
    func nistVectors(keyHex: String, ciphertextHex: String) throws {
        let cbc = try AESCBC(key: SecretKey(hex: keyHex))
        let plaintext = try bytes(Self.nistPlaintext)
        let iv = try bytes(Self.nistIV)
        let ciphertext = try cbc.encrypt(plaintext, iv: iv)
        #expect(ciphertext.count == 80)
        #expect(Hex.encode(ciphertext.prefix(64)) == ciphertextHex)
        #expect(try cbc.decrypt(ciphertext, iv: iv) == plaintext)
        #expect(cbc.keyBitCount == keyHex.count * 4)
    }

    @Test("round-trips every plaintext length around the block size with random IVs")
    func roundTrips() throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 32))
        var generator = SeededGenerator(seed: 16)
        for length in 0...48 {
            let plaintext = generator.bytes(length)
            let message = try cbc.encrypt(plaintext)
            #expect(message.count == 16 + AESCBC.ciphertextByteCount(forPlaintextByteCount: length))
            #expect(try cbc.decrypt(message) == plaintext)
        }
        #expect(try cbc.encrypt(Data("same".utf8)) != cbc.encrypt(Data("same".utf8)))
    }

    @Test("key lengths other than 16, 24 and 32 bytes are refused, never padded", arguments: [1, 15, 17, 31, 33, 64])
    func refusesKeyLengths(length: Int) throws {
        let key = try SecretKey(bytes: Data(repeating: 7, count: length))
        let error = securityError { _ = try AESCBC(key: key) }
        #expect(error?.code == .invalidKeyLength)
        #expect(error?.message.contains("never padded") == true)
    }

    @Test("an IV that is not 16 bytes is invalidIVLength", arguments: [0, 8, 15, 17, 32])
    func refusesIVLengths(length: Int) throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 16))
        #expect(
            securityError { _ = try cbc.encrypt(Data("x".utf8), iv: Data(count: length)) }?.code == .invalidIVLength)
        #expect(
            securityError { _ = try cbc.decrypt(Data(count: 16), iv: Data(count: length)) }?.code == .invalidIVLength)
        #expect(securityError { _ = try cbc.makeEncryptor(iv: Data(count: length)) }?.code == .invalidIVLength)
        #expect(securityError { _ = try cbc.makeDecryptor(iv: Data(count: length)) }?.code == .invalidIVLength)
    }

    @Test("misaligned ciphertext is alignmentError, empty or short input is truncatedInput")
    func alignmentAndTruncation() throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 16))
        let iv = Data(count: 16)
        let ciphertext = try cbc.encrypt(Data(repeating: 1, count: 40), iv: iv)
        #expect(securityError { _ = try cbc.decrypt(ciphertext.dropLast(), iv: iv) }?.code == .alignmentError)
        #expect(securityError { _ = try cbc.decrypt(ciphertext.prefix(17), iv: iv) }?.code == .alignmentError)
        #expect(securityError { _ = try cbc.decrypt(Data(), iv: iv) }?.code == .truncatedInput)
        #expect(securityError { _ = try cbc.decrypt(Data(count: 31)) }?.code == .truncatedInput)
    }

    @Test("the wrong key or a damaged last block is decodeError and returns no plaintext")
    func wrongKeyIsDecodeError() throws {
        let key = try SecretKey(ascii: "0123456789abcdef")
        let wrongKey = try SecretKey(ascii: "0123456789abcdeg")
        let iv = try bytes(Self.nistIV)
        let ciphertext = try AESCBC(key: key).encrypt(Data("the transfer instructions".utf8), iv: iv)
        #expect(securityError { _ = try AESCBC(key: wrongKey).decrypt(ciphertext, iv: iv) }?.code == .decodeError)
        var damaged = ciphertext
        damaged[damaged.count - 1] ^= 0x80
        #expect(securityError { _ = try AESCBC(key: key).decrypt(damaged, iv: iv) }?.code == .decodeError)
    }

    @Test("caller buffers that are too small are bufferTooSmall; big enough ones are filled")
    func callerBuffers() throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 24))
        let iv = SecureRandom.bytes(count: 16)
        let plaintext = Data(repeating: 9, count: 20)
        var small = [UInt8](repeating: 0, count: 31)
        let tooSmall = securityError {
            _ = try small.withUnsafeMutableBytes { try cbc.encrypt(plaintext, iv: iv, into: $0) }
        }
        #expect(tooSmall?.code == .bufferTooSmall)
        var output = [UInt8](repeating: 0, count: 32)
        let written = try output.withUnsafeMutableBytes { try cbc.encrypt(plaintext, iv: iv, into: $0) }
        #expect(written == 32)
        var decrypted = [UInt8](repeating: 0, count: 31)
        let decryptTooSmall = securityError {
            _ = try decrypted.withUnsafeMutableBytes { try cbc.decrypt(Data(output), iv: iv, into: $0) }
        }
        #expect(decryptTooSmall?.code == .bufferTooSmall)
        var roomy = [UInt8](repeating: 0, count: 32)
        let count = try roomy.withUnsafeMutableBytes { try cbc.decrypt(Data(output), iv: iv, into: $0) }
        #expect(Data(roomy.prefix(count)) == plaintext)
    }

    @Test(
        "random garbage fed to the decryptor is always a SecurityError, never a crash or partial plaintext", .ownThread)
    func garbageDecryption() throws {
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 32))
        var generator = SeededGenerator(seed: 0xcbc)
        var decodeErrors = 0
        for _ in 0..<3_000 {
            let garbage = generator.bytes(Int.random(in: 0...80, using: &generator))
            do {
                let plaintext = try cbc.decrypt(garbage)
                // Valid padding happens by chance (about 1 in 256); the result is then all the blocks minus padding.
                #expect(plaintext.count <= garbage.count - 16)
            } catch let error as SecurityError {
                #expect([.truncatedInput, .alignmentError, .decodeError].contains(error.code))
                if error.code == .decodeError { decodeErrors += 1 }
            }
        }
        #expect(decodeErrors > 0)
    }
}
