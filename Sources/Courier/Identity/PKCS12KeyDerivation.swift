import CourierSecurity
import Foundation

/// The PKCS#12 key derivation (RFC 7292 appendix B.2) and the integrity MAC built on it, which Courier
/// checks itself to tell a wrong passphrase from a damaged file.
enum PKCS12KeyDerivation {
    /// The purpose byte of the derivation (`ID` in RFC 7292).
    enum Purpose: UInt8 {
        case encryptionKey = 1
        case initializationVector = 2
        case integrityKey = 3
    }

    /// A passphrase as the derivation takes it: UTF-16 big-endian with two terminating zero bytes (a
    /// `BMPString`). `nil` is the empty byte string some tools use for "no password".
    static func passwordBytes(_ passphrase: String?) -> [UInt8] {
        guard let passphrase else { return [] }
        var bytes: [UInt8] = []
        for unit in passphrase.utf16 {
            bytes.append(UInt8(unit >> 8))
            bytes.append(UInt8(unit & 0xFF))
        }
        return bytes + [0, 0]
    }

    /// Derives `length` bytes.
    static func derive(
        password: [UInt8], salt: [UInt8], purpose: Purpose, iterations: Int, length: Int, digest: DigestAlgorithm
    ) -> [UInt8] {
        let u = digest.byteCount
        let v = digest.blockByteCount
        let diversifier = [UInt8](repeating: purpose.rawValue, count: v)
        func stretched(_ bytes: [UInt8]) -> [UInt8] {
            guard !bytes.isEmpty else { return [] }
            let count = v * ((bytes.count + v - 1) / v)
            return (0..<count).map { bytes[$0 % bytes.count] }
        }
        var input = stretched(salt) + stretched(password)
        var output: [UInt8] = []
        while output.count < length {
            var block = Array(Digester.digest(diversifier + input, using: digest).bytes)
            for _ in 1..<max(1, iterations) {
                block = Array(Digester.digest(block, using: digest).bytes)
            }
            output += block
            guard output.count < length else { break }
            // I_j = (I_j + B + 1) mod 2^(8v), with B the block repeated to v bytes.
            let b = (0..<v).map { block[$0 % u] }
            for start in stride(from: 0, to: input.count, by: v) {
                var carry = 1
                for offset in stride(from: v - 1, through: 0, by: -1) {
                    let sum = Int(input[start + offset]) + Int(b[offset]) + carry
                    input[start + offset] = UInt8(sum & 0xFF)
                    carry = sum >> 8
                }
            }
        }
        return Array(output.prefix(length))
    }

    /// The PKCS#12 MAC of `content` (HMAC keyed by the derivation's integrity key).
    static func mac(
        of content: [UInt8], password: [UInt8], salt: [UInt8], iterations: Int, digest: DigestAlgorithm
    ) throws -> [UInt8] {
        let key = derive(
            password: password, salt: salt, purpose: .integrityKey, iterations: iterations, length: digest.byteCount,
            digest: digest)
        let authenticator = try HMACAuthenticator(key: SecretKey(bytes: key), algorithm: digest)
        return Array(authenticator.authenticationCode(for: content).bytes)
    }
}
