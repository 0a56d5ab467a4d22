import Crypto
import CryptoExtras
import Foundation

/// Deriving keys from passwords (PBKDF2), from other keys (HKDF), and — for old servers only — the
/// book's "salt plus repeated hashing".
///
/// ```swift
/// let salt = SecureRandom.bytes(count: 16)
/// let key = try KeyDerivation.pbkdf2(password: "correct horse", salt: salt, rounds: 600_000, byteCount: 32)
/// let subkey = try KeyDerivation.hkdf(from: key, salt: Data(), info: Data("courier-mac".utf8), byteCount: 32)
/// ```
public enum KeyDerivation {
    /// The fewest PBKDF2 rounds accepted without `allowingFewerRounds` (swift-crypto's floor, from
    /// OWASP's guidance for PBKDF2-HMAC-SHA512).
    public static let minimumRecommendedRounds = 210_000

    /// PBKDF2 (RFC 8018) with HMAC over `algorithm`.
    ///
    /// - Parameters:
    ///   - password: The password bytes.
    ///   - salt: A random salt, stored next to whatever the key protects (16 bytes or more).
    ///   - algorithm: `.sha1`, `.sha256` (default) or `.sha512`; `.md5`, `.sha224` and `.sha384`
    ///     also work for interoperability.
    ///   - rounds: The iteration count.
    ///   - byteCount: The length of the derived key.
    ///   - allowingFewerRounds: Accept fewer than ``minimumRecommendedRounds``, for test vectors
    ///     and legacy interoperability only (it uses swift-crypto's `unsafeUncheckedRounds`).
    /// - Throws: ``SecurityError/Code/invalidParameter`` for too few rounds, a non-positive length,
    ///   or an algorithm PBKDF2 does not support here (MD4, SHA-512/256).
    public static func pbkdf2(
        password: some DataProtocol,
        salt: some DataProtocol,
        algorithm: DigestAlgorithm = .sha256,
        rounds: Int,
        byteCount: Int,
        allowingFewerRounds: Bool = false
    ) throws -> SecretKey {
        guard rounds >= 1 else {
            throw SecurityError(.invalidParameter, "PBKDF2 needs at least one round, got \(rounds)")
        }
        guard allowingFewerRounds || rounds >= minimumRecommendedRounds else {
            throw SecurityError(
                .invalidParameter,
                "PBKDF2 with \(rounds) rounds is too weak; use at least \(minimumRecommendedRounds) "
                    + "or pass allowingFewerRounds: true for legacy interoperability"
            )
        }
        guard byteCount >= 1 else {
            throw SecurityError(.invalidParameter, "PBKDF2 output length must be positive, got \(byteCount)")
        }
        let hash: KDF.Insecure.PBKDF2.HashFunction
        switch algorithm {
        case .md5: hash = .insecureMD5
        case .sha1: hash = .insecureSHA1
        case .sha224: hash = .insecureSHA224
        case .sha256: hash = .sha256
        case .sha384: hash = .sha384
        case .sha512: hash = .sha512
        case .md4, .sha512_256:
            throw SecurityError(.invalidParameter, "PBKDF2 with \(algorithm) is not supported; use SHA-256")
        }
        let key = try SecurityError.invalidParameter("PBKDF2") {
            try KDF.Insecure.PBKDF2.deriveKey(
                from: Data(password),
                salt: Data(salt),
                using: hash,
                outputByteCount: byteCount,
                unsafeUncheckedRounds: rounds
            )
        }
        return SecretKey(key)
    }

    /// PBKDF2 over the UTF-8 bytes of a password string.
    ///
    /// - Throws: See ``pbkdf2(password:salt:algorithm:rounds:byteCount:allowingFewerRounds:)``.
    public static func pbkdf2(
        password: String,
        salt: some DataProtocol,
        algorithm: DigestAlgorithm = .sha256,
        rounds: Int,
        byteCount: Int,
        allowingFewerRounds: Bool = false
    ) throws -> SecretKey {
        try pbkdf2(
            password: Array(password.utf8),
            salt: salt,
            algorithm: algorithm,
            rounds: rounds,
            byteCount: byteCount,
            allowingFewerRounds: allowingFewerRounds
        )
    }

    /// HKDF (RFC 5869): extract with `salt`, expand with `info` to `byteCount` bytes.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when `byteCount` is not in
    ///   `1...255 * algorithm.byteCount`.
    public static func hkdf(
        from inputKey: SecretKey,
        salt: some DataProtocol,
        info: some DataProtocol,
        algorithm: DigestAlgorithm = .sha256,
        byteCount: Int
    ) throws -> SecretKey {
        guard (1...255 * algorithm.byteCount).contains(byteCount) else {
            throw SecurityError(
                .invalidParameter,
                "HKDF-\(algorithm) can produce 1...\(255 * algorithm.byteCount) bytes, not \(byteCount)"
            )
        }
        return SecretKey(
            hkdf(algorithm.hashFunctionType, inputKey.symmetricKey, Data(salt), Data(info), byteCount)
        )
    }

    private static func hkdf<H: HashFunction>(
        _: H.Type,
        _ key: SymmetricKey,
        _ salt: Data,
        _ info: Data,
        _ byteCount: Int
    ) -> SymmetricKey {
        HKDF<H>.deriveKey(inputKeyMaterial: key, salt: salt, info: info, outputByteCount: byteCount)
    }

    /// The book's legacy derivation: hash `salt + password`, hash the result again `iterations - 1`
    /// more times, and keep the first `byteCount` bytes.
    ///
    /// Only for talking to servers that already use this scheme; prefer
    /// ``pbkdf2(password:salt:algorithm:rounds:byteCount:allowingFewerRounds:)``.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when `iterations` is below 1 or `byteCount`
    ///   is not in `1...algorithm.byteCount`.
    public static func legacyIteratedHash(
        password: String,
        salt: some DataProtocol,
        iterations: Int,
        algorithm: DigestAlgorithm = .sha1,
        byteCount: Int
    ) throws -> SecretKey {
        guard iterations >= 1 else {
            throw SecurityError(.invalidParameter, "the legacy derivation needs at least one iteration")
        }
        guard (1...algorithm.byteCount).contains(byteCount) else {
            throw SecurityError(
                .invalidParameter,
                "\(algorithm) gives at most \(algorithm.byteCount) bytes, not \(byteCount)"
            )
        }
        var digester = Digester(algorithm)
        digester.update(salt)
        digester.update(password)
        var value = digester.finalize().bytes
        for _ in 1..<iterations {
            value = Digester.digest(value, using: algorithm).bytes
        }
        return try SecretKey(bytes: value.prefix(byteCount))
    }
}
