import Foundation

/// Names of symmetric ciphers, including the retired ones the book's `CommonCryptor` offered, which
/// Courier refuses with an error that names the replacement.
///
/// ```swift
/// let algorithm = try CipherAlgorithm(name: "aes-256-gcm")     // .aesGCM
/// let cipher = try algorithm.makeCipher(key: key)
/// try CipherAlgorithm(name: "3des").makeCipher(key: key)     // throws unsupportedAlgorithm
/// ```
public enum CipherAlgorithm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// AES in CBC mode with PKCS#7 padding (unauthenticated; pair it with an HMAC).
    case aesCBC = "AES-CBC"
    /// AES-GCM, the recommended authenticated default.
    case aesGCM = "AES-GCM"
    /// ChaCha20-Poly1305 (RFC 8439), authenticated; fast without AES hardware.
    case chaCha20Poly1305 = "ChaCha20-Poly1305"
    /// DES — refused: a 56-bit key is brute-forced in hours.
    case des = "DES"
    /// Triple-DES — refused: 64-bit blocks (Sweet32) and withdrawn by NIST.
    case tripleDES = "3DES"
    /// RC2 — refused: weak key schedule and 64-bit blocks.
    case rc2 = "RC2"
    /// RC4 — refused: biased keystream, banned from TLS (RFC 7465).
    case rc4 = "RC4"
    /// CAST-128 — refused: 64-bit blocks.
    case cast = "CAST"
    /// Blowfish — refused: 64-bit blocks and weak keys.
    case blowfish = "Blowfish"

    /// Parses common spellings, case-insensitively: `AES-256-CBC`, `aes-128-gcm`, `chacha20-poly1305`,
    /// `des-cbc`, `des-ede3-cbc`, `3des`, `TripleDES`, `rc2`, `rc4`, `arcfour`, `cast5`, `bf`, `blowfish`,
    /// and the CommonCrypto constant names such as `kCCAlgorithm3DES`.
    ///
    /// - Throws: ``SecurityError/Code/unsupportedAlgorithm`` for names it does not know.
    public init(name: String) throws {
        var normalized = name.lowercased().filter { $0.isLetter || $0.isNumber }
        if normalized.hasPrefix("kccalgorithm") {
            normalized.removeFirst("kccalgorithm".count)
        }
        switch normalized {
        case "aescbc", "aes128cbc", "aes192cbc", "aes256cbc", "aes", "aes128", "aes192", "aes256":
            self = .aesCBC
        case "aesgcm", "aes128gcm", "aes192gcm", "aes256gcm":
            self = .aesGCM
        case "chacha20poly1305", "chachapoly":
            self = .chaCha20Poly1305
        case "des", "descbc", "desecb":
            self = .des
        case "3des", "des3", "tripledes", "desede3", "desede3cbc", "desede", "desedecbc":
            self = .tripleDES
        case "rc2", "rc2cbc":
            self = .rc2
        case "rc4", "arc4", "arcfour":
            self = .rc4
        case "cast", "cast5", "cast128", "cast5cbc":
            self = .cast
        case "blowfish", "bf", "bfcbc":
            self = .blowfish
        default:
            throw SecurityError(.unsupportedAlgorithm, "unknown cipher '\(name)'; use AES-GCM or AES-CBC")
        }
    }

    /// Whether Courier refuses the algorithm.
    public var isRefused: Bool {
        switch self {
        case .aesCBC, .aesGCM, .chaCha20Poly1305: false
        case .des, .tripleDES, .rc2, .rc4, .cast, .blowfish: true
        }
    }

    /// The conventional name.
    public var description: String {
        rawValue
    }

    /// A cipher for this algorithm and key.
    ///
    /// - Throws: ``SecurityError/Code/unsupportedAlgorithm`` for the refused algorithms (the message
    ///   names AES-GCM and AES-CBC as replacements), ``SecurityError/Code/invalidKeyLength`` when the
    ///   key does not fit.
    public func makeCipher(key: SecretKey) throws -> any SymmetricCipher {
        switch self {
        case .aesCBC: return try AESCBC(key: key)
        case .aesGCM: return try AESGCMCipher(key: key)
        case .chaCha20Poly1305: return try ChaCha20Poly1305Cipher(key: key)
        case .des, .tripleDES, .rc2, .rc4, .cast, .blowfish: throw refusal
        }
    }

    /// The error thrown for a refused algorithm.
    var refusal: SecurityError {
        let reason =
            switch self {
            case .des: "its 56-bit key is brute-forced in hours"
            case .tripleDES: "its 64-bit blocks leak data after a few GB (Sweet32) and NIST withdrew it"
            case .rc2: "its key schedule is weak and its blocks are 64 bits"
            case .rc4: "its keystream is biased and RFC 7465 bans it"
            case .cast, .blowfish: "its 64-bit blocks leak data after a few GB (Sweet32)"
            case .aesCBC, .aesGCM, .chaCha20Poly1305: "it is not refused"
            }
        return SecurityError(
            .unsupportedAlgorithm,
            "\(rawValue) is refused because \(reason); use AES-GCM (AESGCMCipher) for new designs, "
                + "or AES-CBC with an HMAC (AESCBC, MessageSealer) to interoperate with existing servers"
        )
    }
}
