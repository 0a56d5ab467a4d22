import CourierTestSupport
import Crypto
import Foundation
import Testing

@testable import CourierSecurity

@Suite("SHA224")
struct SHA224Tests {
    /// FIPS 180-2 appendix examples and the NIST long-message vector.
    @Test("matches the NIST vectors, including one million \"a\"", .ownThread)
    func nistVectors() {
        #expect(
            Hex.encode(SHA224.hash(data: Data("abc".utf8)))
                == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
        #expect(
            Hex.encode(SHA224.hash(data: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"
        )
        #expect(
            Hex.encode(SHA224.hash(data: Data(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"
        )
    }

    @Test("padding boundaries agree between one-shot and byte-at-a-time hashing")
    func paddingBoundaries() {
        for length in [55, 56, 57, 63, 64, 65, 119, 120, 128] {
            let message = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            var hasher = SHA224()
            for byte in message {
                hasher.update(data: [byte])
            }
            #expect(hasher.finalize() == SHA224.hash(data: message))
        }
    }

    /// RFC 4231 test case 2 (key "Jefe").
    @Test("HMAC-SHA224 matches RFC 4231")
    func hmacVector() {
        let code = HMAC<SHA224>.authenticationCode(
            for: Data("what do ya want for nothing?".utf8),
            using: SymmetricKey(data: Data("Jefe".utf8))
        )
        #expect(Hex.encode(code) == "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44")
    }
}
