import Foundation
import Testing

@testable import CourierSecurity

@Suite("SecretKey")
struct SecretKeyTests {
    static let secret = "065a62448fb75fce3764dcbe68f9908d"

    @Test("keys are the ASCII bytes of configured strings, or decoded hex and base64")
    func construction() throws {
        let ascii = try SecretKey(ascii: Self.secret)
        #expect(ascii.byteCount == 32)
        #expect(ascii.bitCount == 256)
        #expect(ascii.withUnsafeBytes { Data($0) } == Data(Self.secret.utf8))
        #expect(try SecretKey(hex: "00ff").withUnsafeBytes { Data($0) } == Data([0x00, 0xff]))
        #expect(try SecretKey(base64: "AP8=") == SecretKey(hex: "00ff"))
        #expect(SecretKey.random(byteCount: 24).byteCount == 24)
        #expect(SecretKey.random() != SecretKey.random())
    }

    @Test("key material never appears in description, debugDescription or dump")
    func redaction() throws {
        let key = try SecretKey(ascii: Self.secret)
        let versioned = VersionedKey(identifier: "banking", version: 3, key: key)
        let ring = try KeyRing(current: versioned)
        let keys = try SealingKeys(encryptionKey: "0123456789abcdef0123456789abcdef", macKey: Self.secret)
        let sealer = MessageSealer(keys: keys)
        let cbc = try AESCBC(key: key)
        let gcm = try AESGCMCipher(key: key)
        let values: [Any] = [
            key, versioned, ring, keys, sealer, cbc, gcm, try ChaCha20Poly1305Cipher(key: key), try cbc.makeEncryptor(),
        ]
        let forbidden = [
            Self.secret, Hex.encode(Data(Self.secret.utf8)), Base64.encode(Self.secret), "0123456789abcdef",
        ]
        for value in values {
            for text in [String(describing: value), String(reflecting: value), dumped(value)] {
                for secret in forbidden {
                    #expect(!text.contains(secret), "\(type(of: value)) leaked its key: \(text)")
                }
            }
        }
        #expect(String(describing: key) == "SecretKey(32 bytes, redacted)")
        #expect(String(describing: versioned).contains("banking v3"))
    }

    @Test("secure random bytes have the requested length and do not repeat")
    func randomBytes() {
        #expect(SecureRandom.bytes(count: 0).isEmpty)
        #expect(SecureRandom.bytes(count: -4).isEmpty)
        #expect(SecureRandom.bytes(count: 13).count == 13)
        let samples = Set((0..<100).map { _ in SecureRandom.bytes(count: 16) })
        #expect(samples.count == 100)
    }
}
