import Foundation

/// Seals values into ``SealedMessage`` envelopes and opens them again — the same type on the client
/// and on the server.
///
/// Sealing encrypts the plaintext JSON with AES-CBC/PKCS#7 under a fresh random 16-byte IV and adds
/// an HMAC-SHA256 computed as ``MACMode`` says. Opening checks the MAC in constant time before any
/// plaintext is returned, and every failure — malformed JSON envelope, bad base64, wrong IV length,
/// truncated or misaligned ciphertext, bad padding, wrong key, bad MAC — is the one
/// ``SecurityError/Code/integrityCheckFailed``, so a peer learns nothing about why (no padding
/// oracle).
///
/// ```swift
/// struct Transfer: Codable { var toAccount, fromAccount: String; var amount: Decimal; var transferDate: Date }
///
/// let sealer = try MessageSealer(
///     encryptionKey: "0123456789abcdef0123456789abcdef",
///     macKey: "065a62448fb75fce3764dcbe68f9908d",
///     macMode: .fields(.transferRequest)
/// )
/// let body = try sealer.seal(transfer).jsonData()                    // client
/// let received = try sealer.open(jsonData: body, as: Transfer.self)  // server
/// ```
///
/// Dates in the plaintext JSON are written as `yyyy-MM-dd HH:mm:ss` in the POSIX locale and the
/// sealer's ``timeZone`` (UTC unless configured), the format the book's transfer MAC uses.
public struct MessageSealer: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    RedactedDescription
{
    /// What the HMAC-SHA256 covers.
    public enum MACMode: Sendable, Hashable {
        /// The plaintext JSON bytes (book-compatible: the accounts response). MAC-then-encrypt:
        /// the receiver must decrypt before it can check anything.
        case plaintext
        /// The fields of the plaintext JSON object in a fixed order (book-compatible: the transfer
        /// request through ``MessageAuthenticator/transferRequest``). Fields outside the list, such
        /// as `transferNotes`, are encrypted but not authenticated.
        case fields(MessageAuthenticator)
        /// The decoded IV followed by the ciphertext: encrypt-then-MAC, checked before decrypting.
        /// Recommended for anything new.
        case ivAndCiphertext
    }

    /// What the MAC covers.
    public let macMode: MACMode
    /// The time zone for dates in the plaintext JSON.
    public let timeZone: TimeZone
    private let keys: [VersionedKey<SealingKeys>]
    private let writesKeyVersion: Bool

    /// Creates a sealer from the ASCII bytes of two configured key strings (the book's setup).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` unless the encryption key is 16, 24 or 32
    ///   characters and the MAC key at least 32; ``SecurityError/Code/invalidEncoding`` for
    ///   non-ASCII keys.
    public init(
        encryptionKey: String,
        macKey: String,
        macMode: MACMode = .ivAndCiphertext,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
    ) throws {
        try self.init(
            keys: SealingKeys(encryptionKey: encryptionKey, macKey: macKey), macMode: macMode, timeZone: timeZone)
    }

    /// Creates a sealer with one unversioned key pair; envelopes carry no `keyVersion`.
    public init(
        keys: SealingKeys,
        macMode: MACMode = .ivAndCiphertext,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
    ) {
        self.keys = [VersionedKey(identifier: "sealing", version: 0, key: keys)]
        self.writesKeyVersion = false
        self.macMode = macMode
        self.timeZone = timeZone
    }

    /// Creates a sealer that seals with the ring's current keys, writes their version into each
    /// envelope, and opens envelopes made with any key in the ring. An envelope without a version
    /// (from a client that predates versioning) is tried against every key, newest first.
    public init(
        keyRing: KeyRing<SealingKeys>,
        macMode: MACMode = .ivAndCiphertext,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
    ) {
        self.keys = keyRing.keysNewestFirst
        self.writesKeyVersion = true
        self.macMode = macMode
        self.timeZone = timeZone
    }

    // MARK: Sealing

    /// Seals raw plaintext bytes (for ``MACMode/fields(_:)``, they must be a JSON object).
    ///
    /// - Parameter iv: A 16-byte IV; random when nil. Never reuse one under the same key.
    /// - Throws: ``SecurityError/Code/invalidIVLength`` for a supplied IV of the wrong length;
    ///   ``SecurityError/Code/invalidParameter`` when a MAC field is missing from the plaintext.
    public func seal(_ plaintext: Data, iv: Data? = nil) throws -> SealedMessage {
        let iv = iv ?? SecureRandom.bytes(count: AESCBC.ivByteCount)
        let current = keys[0]
        let ciphertext = try AESCBC(key: current.key.encryptionKey).encrypt(plaintext, iv: iv)
        let hmac = try HMACAuthenticator(key: current.key.macKey, algorithm: .sha256)
        let mac: DigestValue
        switch macMode {
        case .plaintext:
            mac = hmac.authenticationCode(for: plaintext)
        case .fields(let authenticator):
            mac = try authenticator.authenticationCode(forJSON: plaintext, using: hmac)
        case .ivAndCiphertext:
            mac = Self.ivAndCiphertextMAC(hmac, iv: iv, ciphertext: ciphertext)
        }
        return SealedMessage(
            iv: iv,
            mac: mac.bytes,
            payload: ciphertext,
            keyVersion: writesKeyVersion ? current.version : nil
        )
    }

    /// Encodes a value as JSON (dates as `yyyy-MM-dd HH:mm:ss`) and seals it.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when the value cannot be encoded or a MAC
    ///   field is missing.
    public func seal(_ value: some Encodable) throws -> SealedMessage {
        let plaintext: Data
        do {
            plaintext = try makeEncoder().encode(value)
        } catch {
            throw SecurityError(.invalidParameter, "the value could not be encoded as JSON: \(error)")
        }
        return try seal(plaintext)
    }

    // MARK: Opening

    /// Verifies and decrypts an envelope, returning the plaintext bytes.
    ///
    /// - Throws: ``SecurityError/Code/integrityCheckFailed`` for every failure.
    public func open(_ message: SealedMessage) throws -> Data {
        guard
            let iv = try? Base64.decode(message.iv, ignoringLineBreaks: false),
            let mac = try? Base64.decode(message.mac, ignoringLineBreaks: false),
            let ciphertext = try? Base64.decode(message.payload, ignoringLineBreaks: false),
            iv.count == AESCBC.ivByteCount
        else {
            throw SecurityError.integrityCheckFailed
        }
        let candidates: [VersionedKey<SealingKeys>]
        if writesKeyVersion, let version = message.keyVersion {
            candidates = keys.filter { $0.version == version }
        } else {
            candidates = keys
        }
        for candidate in candidates {
            if let plaintext = open(iv: iv, mac: mac, ciphertext: ciphertext, keys: candidate.key) {
                return plaintext
            }
        }
        throw SecurityError.integrityCheckFailed
    }

    /// Verifies and decrypts an envelope and decodes the plaintext JSON as `T`.
    ///
    /// - Throws: ``SecurityError/Code/integrityCheckFailed`` when the envelope does not open;
    ///   ``SecurityError/Code/invalidParameter`` when it is authentic but its JSON does not decode as
    ///   `T` (a schema mismatch between honest peers, not tampering).
    public func open<T: Decodable>(_ message: SealedMessage, as type: T.Type = T.self) throws -> T {
        let plaintext = try open(message)
        do {
            return try makeDecoder().decode(T.self, from: plaintext)
        } catch {
            throw SecurityError(
                .invalidParameter, "the message is authentic but does not decode as \(T.self): \(error)")
        }
    }

    /// Parses a JSON envelope, then verifies and decrypts it.
    ///
    /// - Throws: ``SecurityError/Code/integrityCheckFailed`` for every failure.
    public func open(jsonData: Data) throws -> Data {
        try open(SealedMessage(jsonData: jsonData))
    }

    /// Parses a JSON envelope, verifies and decrypts it, and decodes the plaintext as `T`.
    ///
    /// - Throws: As ``open(_:as:)``.
    public func open<T: Decodable>(jsonData: Data, as type: T.Type = T.self) throws -> T {
        try open(SealedMessage(jsonData: jsonData), as: type)
    }

    /// A JSON encoder configured as the sealer encodes plaintext: sorted keys, unescaped slashes,
    /// dates as `yyyy-MM-dd HH:mm:ss` in ``timeZone``.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .formatted(
            MessageAuthenticator.dateFormatter(pattern: MessageAuthenticator.bookDatePattern, timeZone: timeZone)
        )
        return encoder
    }

    /// A JSON decoder that reads what ``makeEncoder()`` writes.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(
            MessageAuthenticator.dateFormatter(pattern: MessageAuthenticator.bookDatePattern, timeZone: timeZone)
        )
        return decoder
    }

    /// One attempt with one key pair; nil on any failure. Every path computes a MAC and compares in
    /// constant time, so a padding failure costs about as long as a MAC failure.
    private func open(iv: Data, mac: Data, ciphertext: Data, keys: SealingKeys) -> Data? {
        guard
            let cbc = try? AESCBC(key: keys.encryptionKey),
            let hmac = try? HMACAuthenticator(key: keys.macKey, algorithm: .sha256)
        else { return nil }
        switch macMode {
        case .ivAndCiphertext:
            guard ConstantTime.isEqual(Self.ivAndCiphertextMAC(hmac, iv: iv, ciphertext: ciphertext).bytes, mac) else {
                return nil
            }
            return try? cbc.decrypt(ciphertext, iv: iv)
        case .plaintext:
            let (plaintext, paddingIsValid) = decryptForMAC(cbc, ciphertext: ciphertext, iv: iv)
            let macIsValid = hmac.isValid(mac, for: plaintext)
            return paddingIsValid && macIsValid ? plaintext : nil
        case .fields(let authenticator):
            let (plaintext, paddingIsValid) = decryptForMAC(cbc, ciphertext: ciphertext, iv: iv)
            let candidate = try? authenticator.candidate(forJSON: plaintext)
            let macIsValid = hmac.isValid(mac, for: candidate ?? "")
            return paddingIsValid && candidate != nil && macIsValid ? plaintext : nil
        }
    }

    /// HMAC of the IV followed by the ciphertext, fed in two pieces so the ciphertext is not copied.
    private static func ivAndCiphertextMAC(_ hmac: HMACAuthenticator, iv: Data, ciphertext: Data) -> DigestValue {
        var computation = hmac.begin()
        computation.update(iv)
        computation.update(ciphertext)
        return computation.finalize()
    }

    /// Decrypts for MAC-then-encrypt modes without returning early on bad padding: when the padding
    /// is invalid the whole padded block string is MACed instead, and the result is discarded.
    private func decryptForMAC(_ cbc: AESCBC, ciphertext: Data, iv: Data) -> (plaintext: Data, paddingIsValid: Bool) {
        guard
            !ciphertext.isEmpty, ciphertext.count % AESCBC.blockByteCount == 0,
            let cbcIV = try? AESCBC.makeIV(iv),
            let padded = try? cbc.decryptWithoutPadding(ciphertext, iv: cbcIV)
        else {
            return (Data(), false)
        }
        guard let count = PKCS7.unpaddedByteCount(of: padded) else {
            return (padded, false)
        }
        return (padded.prefix(count), true)
    }

    /// `"MessageSealer(<mode>, key versions […], keys redacted)"`.
    public var description: String {
        let versions = writesKeyVersion ? keys.map { "v\($0.version)" }.joined(separator: ", ") : "unversioned"
        return "MessageSealer(\(macMode), keys \(versions), redacted)"
    }

    /// A mirror showing the MAC mode and key versions only.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["macMode": macMode, "keyVersions": writesKeyVersion ? keys.map(\.version) : []],
            displayStyle: .struct
        )
    }
}
