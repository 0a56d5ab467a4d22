import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

@Suite("KeyDerivation", .ownThread)
struct KeyDerivationTests {
    /// RFC 6070 (PBKDF2-HMAC-SHA1); the 16 777 216-round case is in ``rfc6070LongVector()``.
    @Test(
        "PBKDF2-SHA1 matches RFC 6070",
        arguments: [
            ("password", "salt", 1, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6"),
            ("password", "salt", 2, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"),
            ("password", "salt", 4_096, 20, "4b007901b765489abead49d926f721d065a429c1"),
            (
                "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4_096, 25,
                "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"
            ),
            ("pass\0word", "sa\0lt", 4_096, 16, "56fa6aa75548099dcc37d7f03425e0c3"),
        ]
    )
    func rfc6070(password: String, salt: String, rounds: Int, length: Int, hex: String) throws {
        let key = try KeyDerivation.pbkdf2(
            password: password,
            salt: Data(salt.utf8),
            algorithm: .sha1,
            rounds: rounds,
            byteCount: length,
            allowingFewerRounds: true
        )
        #expect(key.withUnsafeBytes { Hex.encode($0) } == hex)
    }

    @Test(
        "PBKDF2-SHA1 matches RFC 6070's 16 777 216-round vector (set COURIER_SLOW_TESTS=1)",
        .enabled(if: ProcessInfo.processInfo.environment["COURIER_SLOW_TESTS"] == "1")
    )
    func rfc6070LongVector() throws {
        let key = try KeyDerivation.pbkdf2(
            password: "password",
            salt: Data("salt".utf8),
            algorithm: .sha1,
            rounds: 16_777_216,
            byteCount: 20
        )
        #expect(key.withUnsafeBytes { Hex.encode($0) } == "eefe3d61cd4da4e4e9945b3d6ba2158c2634e984")
    }

    /// RFC 7914 §11 for SHA-256; the widely published SHA-512 vectors (checked against Python's
    /// `hashlib.pbkdf2_hmac`).
    @Test(
        "PBKDF2-SHA256 and PBKDF2-SHA512 match published vectors",
        arguments: [
            (
                DigestAlgorithm.sha256, "passwd", "salt", 1,
                "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                    + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
            ),
            (
                .sha256, "Password", "NaCl", 80_000,
                "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                    + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"
            ),
            (
                .sha512, "password", "salt", 1,
                "867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252"
                    + "c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce"
            ),
            (
                .sha512, "password", "salt", 2,
                "e1d9c16aa681708a45f5c7c4e215ceb66e011a2e9f0040713f18aefdb866d53c"
                    + "f76cab2868a39b9f7840edce4fef5a82be67335c77a6068e04112754f27ccf4e"
            ),
        ]
    )
    func sha2Vectors(algorithm: DigestAlgorithm, password: String, salt: String, rounds: Int, hex: String) throws {
        let key = try KeyDerivation.pbkdf2(
            password: password,
            salt: Data(salt.utf8),
            algorithm: algorithm,
            rounds: rounds,
            byteCount: 64,
            allowingFewerRounds: true
        )
        #expect(key.withUnsafeBytes { Hex.encode($0) } == hex)
    }

    @Test("PBKDF2 refuses weak rounds unless asked, zero rounds, bad lengths and MD4")
    func pbkdf2Refusals() {
        let salt = Data("salt".utf8)
        let weak = securityError {
            _ = try KeyDerivation.pbkdf2(password: "p", salt: salt, rounds: 1_000, byteCount: 32)
        }
        #expect(weak?.code == .invalidParameter)
        #expect(weak?.message.contains("allowingFewerRounds") == true)
        #expect(
            securityError {
                _ = try KeyDerivation.pbkdf2(
                    password: "p", salt: salt, rounds: 0, byteCount: 32, allowingFewerRounds: true)
            }?.code == .invalidParameter
        )
        #expect(
            securityError {
                _ = try KeyDerivation.pbkdf2(
                    password: "p", salt: salt, rounds: 1, byteCount: 0, allowingFewerRounds: true)
            }?.code == .invalidParameter
        )
        #expect(
            securityError {
                _ = try KeyDerivation.pbkdf2(
                    password: "p",
                    salt: salt,
                    algorithm: .md4,
                    rounds: 1,
                    byteCount: 16,
                    allowingFewerRounds: true
                )
            }?.code == .invalidParameter
        )
    }

    /// RFC 5869 test cases 1 and 3 (SHA-256).
    @Test("HKDF matches RFC 5869")
    func hkdfVectors() throws {
        let ikm = try SecretKey(bytes: Data(repeating: 0x0b, count: 22))
        let okm = try KeyDerivation.hkdf(
            from: ikm,
            salt: bytes("000102030405060708090a0b0c"),
            info: bytes("f0f1f2f3f4f5f6f7f8f9"),
            byteCount: 42
        )
        #expect(
            okm.withUnsafeBytes { Hex.encode($0) }
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
        )
        let noSalt = try KeyDerivation.hkdf(from: ikm, salt: Data(), info: Data(), byteCount: 42)
        #expect(
            noSalt.withUnsafeBytes { Hex.encode($0) }
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
        )
        #expect(
            securityError {
                _ = try KeyDerivation.hkdf(from: ikm, salt: Data(), info: Data(), byteCount: 255 * 32 + 1)
            }?
            .code == .invalidParameter
        )
    }

    @Test("the legacy salted iterated hash is deterministic, salt-dependent and bounded")
    func legacyDerivation() throws {
        let first = try KeyDerivation.legacyIteratedHash(
            password: "pw", salt: Data("s1".utf8), iterations: 5_000, byteCount: 16)
        let again = try KeyDerivation.legacyIteratedHash(
            password: "pw", salt: Data("s1".utf8), iterations: 5_000, byteCount: 16)
        let otherSalt = try KeyDerivation.legacyIteratedHash(
            password: "pw", salt: Data("s2".utf8), iterations: 5_000, byteCount: 16)
        #expect(first == again)
        #expect(first != otherSalt)
        #expect(first.byteCount == 16)
        // One iteration is just SHA-1(salt + password), truncated.
        let single = try KeyDerivation.legacyIteratedHash(
            password: "pw", salt: Data("s1".utf8), iterations: 1, byteCount: 20)
        #expect(single.withUnsafeBytes { Data($0) } == Digester.digest("s1pw", using: .sha1).bytes)
        #expect(
            securityError {
                _ = try KeyDerivation.legacyIteratedHash(password: "pw", salt: Data(), iterations: 1, byteCount: 21)
            }?
            .code == .invalidParameter
        )
    }
}
