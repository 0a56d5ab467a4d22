import Foundation

/// The two keys of a sealed message: AES for the payload and HMAC-SHA256 for the MAC.
///
/// The book configures them as strings and uses their ASCII bytes directly (its HMAC vector only
/// holds that way), so the string initializer does the same. Lengths are
/// checked, never padded: the encryption key must be 16, 24 or 32 bytes; the MAC key at least 32.
///
/// Neither key appears in `description`, `debugDescription` or `dump`.
public struct SealingKeys: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    RedactedDescription
{
    /// The AES key (16, 24 or 32 bytes).
    public let encryptionKey: SecretKey
    /// The HMAC-SHA256 key (32 bytes or more).
    public let macKey: SecretKey

    /// Creates a key pair from key material.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` when either key has the wrong length.
    public init(encryptionKey: SecretKey, macKey: SecretKey) throws {
        _ = try AESCBC(key: encryptionKey)
        _ = try HMACAuthenticator(key: macKey, algorithm: .sha256)
        self.encryptionKey = encryptionKey
        self.macKey = macKey
    }

    /// Creates a key pair from the ASCII bytes of two configured strings, as the book does.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` or ``SecurityError/Code/invalidEncoding``.
    public init(encryptionKey: String, macKey: String) throws {
        try self.init(encryptionKey: SecretKey(ascii: encryptionKey), macKey: SecretKey(ascii: macKey))
    }

    /// `"SealingKeys(AES-<bits>, HMAC-SHA256, redacted)"`.
    public var description: String {
        "SealingKeys(AES-\(encryptionKey.bitCount), HMAC-SHA256, redacted)"
    }

    /// A mirror showing only key sizes.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["encryptionKeyBitCount": encryptionKey.bitCount, "macKeyBitCount": macKey.bitCount],
            displayStyle: .struct
        )
    }
}
