import Foundation
import Testing

@testable import CourierSecurity

@Suite("P-256 keys")
struct P256KeyTests {
    @Test("ES256 signatures are 64 raw bytes, verify raw and DER, and fail when changed")
    func signatures() throws {
        let key = P256SigningKey()
        let message = Data("header.payload".utf8)
        let raw = try key.signature(for: message)
        #expect(raw.count == 64)
        #expect(key.verifyingKey.isValidSignature(raw, for: message))
        #expect(key.verifyingKey.isValidSignature(try key.derSignature(for: message), for: message))
        #expect(!key.verifyingKey.isValidSignature(raw, for: Data("header.other".utf8)))
        var changed = raw
        changed[10] ^= 1
        #expect(!key.verifyingKey.isValidSignature(changed, for: message))
        #expect(!key.verifyingKey.isValidSignature(Data([1, 2, 3]), for: message))
    }

    @Test("keys survive PEM and raw forms; bad data is refused")
    func serialization() throws {
        let key = P256SigningKey()
        let fromPEM = try P256SigningKey(pemRepresentation: key.pemRepresentation)
        let fromRaw = try P256SigningKey(rawRepresentation: key.rawRepresentation)
        let verifier = try P256VerifyingKey(pemRepresentation: key.verifyingKey.pemRepresentation)
        let point = try P256VerifyingKey(pointRepresentation: key.verifyingKey.x963Representation)
        let message = Data("m".utf8)
        #expect(verifier.isValidSignature(try fromPEM.signature(for: message), for: message))
        #expect(point.isValidSignature(try fromRaw.signature(for: message), for: message))
        #expect(securityError { _ = try P256SigningKey(rawRepresentation: Data(count: 31)) }?.code == .invalidKeyLength)
        #expect(securityError { _ = try P256SigningKey(pemRepresentation: "-----BEGIN") }?.code == .invalidKeyData)
        #expect(
            securityError { _ = try P256VerifyingKey(pointRepresentation: Data(count: 65)) }?.code == .invalidKeyData)
        #expect(
            securityError { _ = try P256VerifyingKey(pointRepresentation: Data(count: 10)) }?.code == .invalidKeyData)
        #expect(!dumped(key).contains(Hex.encode(key.rawRepresentation)))
    }

    @Test("ECDH gives both sides the same key, bound to salt and info")
    func keyAgreement() throws {
        let alice = P256KeyAgreementKey()
        let bob = P256KeyAgreementKey()
        let info = Data("courier".utf8)
        let aliceKey = try alice.sharedKey(with: bob.publicKeyRepresentation, info: info)
        let bobKey = try bob.sharedKey(with: alice.publicKeyRepresentation, info: info)
        #expect(aliceKey == bobKey)
        #expect(aliceKey.byteCount == 32)
        #expect(try alice.sharedKey(with: bob.publicKeyRepresentation, info: Data("other".utf8)) != aliceKey)
        #expect(securityError { _ = try alice.sharedKey(with: Data(count: 65)) }?.code == .invalidKeyData)
        let restored = try P256KeyAgreementKey(rawRepresentation: alice.rawRepresentation)
        #expect(try restored.sharedKey(with: bob.publicKeyRepresentation, info: info) == aliceKey)
    }
}
