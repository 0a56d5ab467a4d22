import Foundation
import Testing

@testable import CourierSecurity

@Suite("HMACAuthenticator")
struct HMACAuthenticatorTests {
    static let bookKey = "065a62448fb75fce3764dcbe68f9908d"
    static let bookMessage = "123443212300.002012-12-25 00:00:00"
    static let bookMAC = "51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9"

    @Test("reproduces the book's HMAC-SHA256 vector with the key's ASCII bytes")
    func bookVector() throws {
        let hmac = try HMACAuthenticator(key: SecretKey(ascii: Self.bookKey), algorithm: .sha256)
        let code = hmac.authenticationCode(for: Self.bookMessage)
        #expect(code.hex == Self.bookMAC)
        #expect(hmac.isValid(try bytes(Self.bookMAC), for: Data(Self.bookMessage.utf8)))
        try hmac.verify(bytes(Self.bookMAC), for: Data(Self.bookMessage.utf8))
    }

    /// RFC 2202 and RFC 4231 test case 2 (key "Jefe") and the larger-than-block key case.
    @Test(
        "matches the RFC 2202 and RFC 4231 vectors for every digest",
        arguments: [
            (DigestAlgorithm.md5, "750c783e6ab0b503eaa86e310a5db738", "bfecaf4efff90a3a668f3922fec3762d"),
            (.sha1, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", "90d0dace1c1bdc957339307803160335bde6df2b"),
            (
                .sha224, "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
                "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e"
            ),
            (
                .sha256, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                .sha384,
                "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
                "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952"
            ),
            (
                .sha512,
                "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                    + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
                "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                    + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"
            ),
            (
                .sha512_256, "6df7b24630d5ccb2ee335407081a87188c221489768fa2020513b2d593359456",
                "87123c45f7c537a404f8f47cdbedda1fc9bec60eeb971982ce7ef10e774e6539"
            ),
        ]
    )
    func rfcVectors(algorithm: DigestAlgorithm, jefe: String, longKey: String) throws {
        let short = try HMACAuthenticator(key: SecretKey(ascii: "Jefe"), algorithm: algorithm, minimumKeyByteCount: 4)
        #expect(short.authenticationCode(for: "what do ya want for nothing?").hex == jefe)
        let long = try HMACAuthenticator(key: SecretKey(bytes: Data(repeating: 0xaa, count: 131)), algorithm: algorithm)
        #expect(long.authenticationCode(for: "Test Using Larger Than Block-Size Key - Hash Key First").hex == longKey)
    }

    @Test("refuses keys shorter than the digest unless the caller lowers the minimum")
    func refusesShortKeys() throws {
        let error = securityError { _ = try HMACAuthenticator(key: SecretKey(ascii: "short"), algorithm: .sha256) }
        #expect(error?.code == .invalidKeyLength)
        #expect(error?.message.contains("never padded") == true)
        #expect(securityError { _ = try SecretKey(bytes: Data()) }?.code == .invalidKeyLength)
        #expect(securityError { _ = try SecretKey(ascii: "") }?.code == .invalidKeyLength)
        #expect(securityError { _ = try SecretKey(ascii: "clé") }?.code == .invalidEncoding)
        let legacy = try HMACAuthenticator(key: SecretKey(ascii: "itcast"), algorithm: .md5, minimumKeyByteCount: 6)
        #expect(legacy.algorithm == .md5)
        #expect(
            securityError { _ = try HMACAuthenticator(key: SecretKey(ascii: "0123456789abcde"), algorithm: .md5) }?.code
                == .invalidKeyLength
        )
    }

    @Test("verification rejects a code with any bit flipped, a truncated code and a wrong message")
    func verificationRejectsTampering() throws {
        let hmac = try HMACAuthenticator(key: SecretKey(ascii: Self.bookKey))
        let message = Data(Self.bookMessage.utf8)
        let code = hmac.authenticationCode(for: message).bytes
        for bit in 0..<(code.count * 8) {
            var flipped = code
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(!hmac.isValid(flipped, for: message))
        }
        #expect(!hmac.isValid(code.prefix(31), for: message))
        #expect(!hmac.isValid(code, for: Data("123443212300.002012-12-25 00:00:01".utf8)))
        #expect(securityError { try hmac.verify(code.prefix(16), for: message) }?.code == .integrityCheckFailed)
    }

    @Test("incremental computation equals the one-shot code", arguments: DigestAlgorithm.allCases)
    func incremental(algorithm: DigestAlgorithm) throws {
        let hmac = try HMACAuthenticator(key: SecretKey.random(byteCount: 64), algorithm: algorithm)
        var computation = hmac.begin()
        computation.update("1234")
        computation.update(Data("4321".utf8))
        computation.update("2300.00")
        #expect(computation.finalize() == hmac.authenticationCode(for: "123443212300.00"))
    }

    @Test("the key never appears in descriptions or dumps")
    func redaction() throws {
        let hmac = try HMACAuthenticator(key: SecretKey(ascii: Self.bookKey))
        for text in [String(describing: hmac), String(reflecting: hmac), dumped(hmac), dumped(hmac.begin())] {
            #expect(!text.contains(Self.bookKey))
            #expect(!text.contains(Hex.encode(Data(Self.bookKey.utf8))))
        }
    }
}
