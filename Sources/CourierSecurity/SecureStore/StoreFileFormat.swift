import Foundation

/// The byte layout of a group's store file:
///
/// ```
/// "CSS1"                      4 bytes, magic and format version
/// header length               4 bytes, big-endian
/// header                      JSON: group, key source, PBKDF2 salt and rounds, key check value
/// body                        AES-256-GCM nonce || ciphertext || tag of the JSON ``StoreContents``,
///                             with everything before it as associated data
/// ```
///
/// The key check (an HMAC of a constant under the file key) tells a wrong passphrase or a foreign
/// key file (``SecureStoreStatus/authFailed``) apart from a damaged file
/// (``SecureStoreStatus/decode``).
enum StoreFileFormat {
    static let magic = Data("CSS1".utf8)
    static let maximumHeaderByteCount = 64 * 1024

    struct Header: Codable, Sendable {
        var group: String
        var keySource: String
        var salt: Data?
        var rounds: Int?
        var keyCheck: Data
    }

    static func keyCheck(for key: SecretKey) -> Data {
        // A 32-byte file key always satisfies HMAC-SHA256's minimum, so this cannot throw in practice.
        let hmac = try? HMACAuthenticator(key: key, algorithm: .sha256, minimumKeyByteCount: 1)
        return hmac?.authenticationCode(for: "courier-secure-store key-check v1").bytes ?? Data()
    }

    static func encode(header: Header, contents: StoreContents, fileKey: SecretKey) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let headerBytes: Data
        let body: Data
        do {
            headerBytes = try encoder.encode(header)
            body = try encoder.encode(contents)
        } catch {
            throw SecureStoreError(.param, "the store contents could not be encoded: \(error)")
        }
        var prefix = magic
        withUnsafeBytes(of: UInt32(headerBytes.count).bigEndian) { prefix.append(contentsOf: $0) }
        prefix.append(headerBytes)
        do {
            let sealed = try AESGCMCipher(key: fileKey).seal(body, authenticating: prefix)
            return prefix + sealed
        } catch {
            throw SecureStoreError(.param, "the store could not be encrypted: \(error)")
        }
    }

    /// Splits a file into its parsed header, the authenticated prefix and the sealed body.
    static func parse(_ file: Data, path: String) throws -> (header: Header, prefix: Data, sealedBody: Data) {
        let bytes = Data(file)
        guard bytes.count >= magic.count + 4, bytes.prefix(magic.count) == magic else {
            throw corrupt(path, "it does not start with a Courier secure store header")
        }
        let lengthBytes = bytes.subdata(in: magic.count..<magic.count + 4)
        let headerLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        let headerEnd = magic.count + 4 + headerLength
        guard headerLength <= maximumHeaderByteCount, bytes.count >= headerEnd else {
            throw corrupt(path, "its header is truncated")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: bytes.subdata(in: magic.count + 4..<headerEnd))
        } catch {
            throw corrupt(path, "its header cannot be decoded")
        }
        return (header, bytes.prefix(headerEnd), bytes.suffix(from: headerEnd))
    }

    static func decodeContents(prefix: Data, sealedBody: Data, fileKey: SecretKey, path: String) throws
        -> StoreContents
    {
        let body: Data
        do {
            body = try AESGCMCipher(key: fileKey).open(sealedBody, authenticating: prefix)
        } catch {
            throw corrupt(path, "its encrypted body fails authentication")
        }
        do {
            return try JSONDecoder().decode(StoreContents.self, from: body)
        } catch {
            throw corrupt(path, "its contents cannot be decoded")
        }
    }

    static func corrupt(_ path: String, _ reason: String) -> SecureStoreError {
        SecureStoreError(
            .decode,
            "the secure store \(path) is damaged: \(reason); restore it from a backup or delete it"
        )
    }
}
