import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

@Suite("RSA keys", .ownThread)
struct RSAKeyTests {
    /// Generated once: RSA key generation is the slowest thing in this suite.
    static let privateKey: RSAPrivateKey? = try? RSAPrivateKey(bitCount: 2048)

    @Test("OAEP-SHA256 round-trips and a different key cannot decrypt")
    func oaepRoundTrip() throws {
        let privateKey = try #require(Self.privateKey)
        let publicKey = privateKey.publicKey
        #expect(publicKey.keyBitCount == 2048)
        #expect(publicKey.maximumPlaintextByteCount == 190)
        let ciphertext = try publicKey.encrypt(Data("session key".utf8))
        #expect(ciphertext.count == 256)
        #expect(try privateKey.decrypt(ciphertext) == Data("session key".utf8))
        #expect(try publicKey.encrypt(Data("session key".utf8)) != ciphertext)
        var damaged = ciphertext
        damaged[100] ^= 1
        #expect(securityError { _ = try privateKey.decrypt(damaged) }?.code == .decodeError)
        #expect(securityError { _ = try publicKey.encrypt(Data(count: 191)) }?.code == .invalidParameter)
    }

    @Test("PSS signatures verify and fail for other data or a changed signature")
    func pssSignatures() throws {
        let privateKey = try #require(Self.privateKey)
        let message = Data("transfer 2300.00".utf8)
        let signature = try privateKey.signature(for: message)
        #expect(privateKey.publicKey.isValidSignature(signature, for: message))
        #expect(!privateKey.publicKey.isValidSignature(signature, for: Data("transfer 9300.00".utf8)))
        var changed = signature
        changed[0] ^= 0x40
        #expect(!privateKey.publicKey.isValidSignature(changed, for: message))
    }

    @Test("keys survive PEM and DER, and bad key data is invalidKeyData")
    func serialization() throws {
        let privateKey = try #require(Self.privateKey)
        let reread = try RSAPrivateKey(pemRepresentation: privateKey.pemRepresentation)
        let fromDER = try RSAPrivateKey(derRepresentation: privateKey.derRepresentation)
        let publicKey = try RSAPublicKey(pemRepresentation: privateKey.publicKey.pemRepresentation)
        let publicFromDER = try RSAPublicKey(derRepresentation: privateKey.publicKey.derRepresentation)
        let message = Data("m".utf8)
        #expect(publicKey.isValidSignature(try reread.signature(for: message), for: message))
        #expect(try fromDER.decrypt(publicFromDER.encrypt(message)) == message)
        #expect(securityError { _ = try RSAPrivateKey(pemRepresentation: "not a key") }?.code == .invalidKeyData)
        #expect(
            securityError { _ = try RSAPublicKey(derRepresentation: Data([0x30, 0x03, 0x02, 0x01])) }?.code
                == .invalidKeyData)
        #expect(securityError { _ = try RSAPrivateKey(bitCount: 1024) }?.code == .invalidKeyLength)
        #expect(!dumped(privateKey).contains(privateKey.pemRepresentation.prefix(80).dropFirst(40)))
        #expect(String(describing: privateKey) == "RSAPrivateKey(2048 bits, redacted)")
    }
}
