import Foundation
import Testing

@testable import CourierSecurity

@Suite("AESGCMCipher")
struct AESGCMCipherTests {
    /// The GCM specification's test case 3 (AES-128, 96-bit IV, no associated data).
    @Test("matches the GCM specification's test case 3")
    func specificationVector() throws {
        let gcm = try AESGCMCipher(key: SecretKey(hex: "feffe9928665731c6d6a8f9467308308"))
        let nonce = try bytes("cafebabefacedbaddecaf888")
        let plaintext = try bytes(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
        )
        let sealed = try gcm.seal(plaintext, nonce: nonce)
        let expected =
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
            + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
            + "4d5c2af327cd64a62cf35abd2ba6fab4"
        #expect(Hex.encode(sealed.dropFirst(12)) == expected)
        #expect(sealed.prefix(12) == nonce)
        #expect(try gcm.open(sealed) == plaintext)
    }

    @Test("any flipped bit, wrong associated data or wrong key is integrityCheckFailed")
    func tampering() throws {
        let gcm = try AESGCMCipher(key: SecretKey.random(byteCount: 32))
        let header = Data("header".utf8)
        let sealed = try gcm.seal(Data("pay 100 to bob".utf8), authenticating: header)
        for index in sealed.indices {
            var flipped = sealed
            flipped[index] ^= 0x01
            #expect(securityError { _ = try gcm.open(flipped, authenticating: header) }?.code == .integrityCheckFailed)
        }
        #expect(
            securityError { _ = try gcm.open(sealed, authenticating: Data("other".utf8)) }?.code
                == .integrityCheckFailed)
        let other = try AESGCMCipher(key: SecretKey.random(byteCount: 32))
        #expect(securityError { _ = try other.open(sealed, authenticating: header) }?.code == .integrityCheckFailed)
        #expect(try gcm.open(sealed, authenticating: header) == Data("pay 100 to bob".utf8))
    }

    @Test("short messages are truncatedInput; wrong nonce and key lengths are refused")
    func lengths() throws {
        let gcm = try AESGCMCipher(key: SecretKey.random(byteCount: 16))
        #expect(securityError { _ = try gcm.open(Data(count: 27)) }?.code == .truncatedInput)
        #expect(securityError { _ = try gcm.seal(Data(), nonce: Data(count: 16)) }?.code == .invalidIVLength)
        #expect(securityError { _ = try AESGCMCipher(key: SecretKey.random(byteCount: 20)) }?.code == .invalidKeyLength)
        #expect(try gcm.decrypt(gcm.encrypt(Data())) == Data())
    }

    @Test("random garbage is truncatedInput or integrityCheckFailed, never plaintext")
    func garbage() throws {
        let gcm = try AESGCMCipher(key: SecretKey.random(byteCount: 32))
        var generator = SeededGenerator(seed: 0x6c6d)
        for _ in 0..<1_000 {
            let garbage = generator.bytes(Int.random(in: 0...64, using: &generator))
            let error = securityError { _ = try gcm.open(garbage) }
            #expect(error?.code == (garbage.count < 28 ? .truncatedInput : .integrityCheckFailed))
        }
    }
}
