import Foundation
import Testing

@testable import CourierSecurity

@Suite("ChaCha20Poly1305Cipher")
struct ChaCha20Poly1305CipherTests {
    /// RFC 8439 §2.8.2.
    @Test("matches RFC 8439's AEAD vector")
    func rfcVector() throws {
        let cipher = try ChaCha20Poly1305Cipher(key: SecretKey(bytes: Data((0x80...0x9f).map { UInt8($0) })))
        let plaintext = Data(
            "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
                .utf8
        )
        let sealed = try cipher.seal(
            plaintext,
            nonce: bytes("070000004041424344454647"),
            authenticating: bytes("50515253c0c1c2c3c4c5c6c7")
        )
        let expected =
            "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
            + "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
            + "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
            + "3ff4def08e4b7a9de576d26586cec64b6116" + "1ae10b594f09e26a7e902ecbd0600691"
        #expect(Hex.encode(sealed.dropFirst(12)) == expected)
        #expect(try cipher.open(sealed, authenticating: bytes("50515253c0c1c2c3c4c5c6c7")) == plaintext)
        #expect(securityError { _ = try cipher.open(sealed) }?.code == .integrityCheckFailed)
    }

    @Test("only 32-byte keys are accepted and short input is truncatedInput")
    func lengths() throws {
        #expect(
            securityError { _ = try ChaCha20Poly1305Cipher(key: SecretKey.random(byteCount: 16)) }?.code
                == .invalidKeyLength)
        let cipher = try ChaCha20Poly1305Cipher(key: SecretKey.random(byteCount: 32))
        #expect(securityError { _ = try cipher.decrypt(Data(count: 10)) }?.code == .truncatedInput)
        #expect(try cipher.decrypt(cipher.encrypt(Data("x".utf8))) == Data("x".utf8))
    }
}
