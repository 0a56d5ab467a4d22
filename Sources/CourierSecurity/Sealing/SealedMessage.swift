import Foundation

/// The Mobile Banking wire format: `{"iv": …, "mac": …, "payload": …}`, every field base64 in both
/// directions.
///
/// A `SealedMessage` holds the fields exactly as they travel; ``MessageSealer`` makes and opens
/// them. Decoding an envelope never fails on bad base64 — that is discovered by
/// ``MessageSealer/open(_:)``, which reports it, like every other failure to open, as
/// ``SecurityError/Code/integrityCheckFailed``.
///
/// When the sealer uses a ``KeyRing``, the envelope also carries `keyVersion` so the receiver picks
/// the right key after a rotation; readers that do not know the field ignore it.
public struct SealedMessage: Codable, Sendable, Hashable {
    /// The base64 AES-CBC initialization vector (16 bytes once decoded).
    public var iv: String
    /// The base64 HMAC-SHA256 (32 bytes once decoded).
    public var mac: String
    /// The base64 AES-CBC/PKCS#7 ciphertext.
    public var payload: String
    /// The version of the keys that sealed the message, when the sender versions its keys.
    public var keyVersion: Int?

    /// Creates an envelope from its wire fields.
    public init(iv: String, mac: String, payload: String, keyVersion: Int? = nil) {
        self.iv = iv
        self.mac = mac
        self.payload = payload
        self.keyVersion = keyVersion
    }

    /// Creates an envelope from raw bytes, base64-encoding each field.
    public init(iv: Data, mac: Data, payload: Data, keyVersion: Int? = nil) {
        self.init(
            iv: Base64.encode(iv), mac: Base64.encode(mac), payload: Base64.encode(payload), keyVersion: keyVersion)
    }

    /// Parses the JSON envelope.
    ///
    /// - Throws: ``SecurityError/Code/integrityCheckFailed`` when the data is not a JSON object with
    ///   string fields `iv`, `mac` and `payload`, so a malformed body is indistinguishable from any
    ///   other message that fails to open.
    public init(jsonData: Data) throws {
        do {
            self = try JSONDecoder().decode(SealedMessage.self, from: jsonData)
        } catch {
            throw SecurityError.integrityCheckFailed
        }
    }

    /// Seals a value with a sealer; the same as `sealer.seal(value)`.
    ///
    /// - Throws: As `MessageSealer.seal(_:)`.
    public init(sealing value: some Encodable, with sealer: MessageSealer) throws {
        self = try sealer.seal(value)
    }

    /// Opens the envelope with a sealer and decodes the plaintext; the same as
    /// `sealer.open(self, as: type)`.
    ///
    /// - Throws: As ``MessageSealer/open(_:as:)``.
    public func open<T: Decodable>(as type: T.Type = T.self, with sealer: MessageSealer) throws -> T {
        try sealer.open(self, as: type)
    }

    /// Opens the envelope with a sealer and returns the plaintext bytes.
    ///
    /// - Throws: ``SecurityError/Code/integrityCheckFailed`` for every failure.
    public func open(with sealer: MessageSealer) throws -> Data {
        try sealer.open(self)
    }

    /// The JSON envelope, keys sorted and slashes unescaped.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding four plain fields cannot fail; the empty object is unreachable but keeps this total.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
