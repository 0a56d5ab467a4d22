import Crypto
import Foundation
import Testing

@testable import CourierSecurity

@Suite("MD4")
struct MD4Tests {
    /// RFC 1320, appendix A.5.
    @Test(
        "matches the RFC 1320 test suite",
        arguments: [
            ("", "31d6cfe0d16ae931b73c59d7e0c089c0"),
            ("a", "bde52cb31de33e46245e05fbdbd6fb24"),
            ("abc", "a448017aaf21d8525fc10ae87aa6729d"),
            ("message digest", "d9130a8164549fe818874806e1c7014b"),
            ("abcdefghijklmnopqrstuvwxyz", "d79e1c308aa5bbcdeea8ed63df412da9"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "043f8582f241db351ce627e153e7f0e4"),
            (String(repeating: "1234567890", count: 8), "e33b4ddc9c38f2199c3e7b164fcc0536"),
        ]
    )
    func rfc1320(message: String, hex: String) {
        #expect(Hex.encode(MD4.hash(data: Data(message.utf8))) == hex)
        #expect(Digester.digest(message, using: .md4).hex == hex)
    }

    @Test("works under swift-crypto's HMAC")
    func worksWithHMAC() {
        let key = SymmetricKey(data: Data(repeating: 0x0b, count: 16))
        let code = HMAC<MD4>.authenticationCode(for: Data("Hi There".utf8), using: key)
        #expect(Data(code).count == 16)
        #expect(MD4Digest.byteCount == 16)
        #expect(MD4.hash(data: Data("abc".utf8)).description == "MD4 digest: a448017aaf21d8525fc10ae87aa6729d")
    }

    @Test("the NT hash of \"password\" is the well-known value")
    func ntHash() {
        let utf16LittleEndian = Data("password".utf16.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] })
        #expect(Hex.encode(MD4.hash(data: utf16LittleEndian)) == "8846f7eaee8fb117ad06bdd830b7586c")
    }
}
