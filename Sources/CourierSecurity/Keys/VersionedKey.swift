/// A key with the identifier and version that travel with what it protects, so messages sealed
/// before a key rotation can still be opened afterwards.
///
/// The book's advice: plan key versioning from the first release, because users do not all update
/// their apps. Courier puts the version next to the ciphertext (``SealedMessage/keyVersion``) and
/// keeps old versions in a ``KeyRing`` for opening only.
///
/// The key itself never appears in `description`, `debugDescription` or `dump` output.
public struct VersionedKey<Key: Sendable>: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, RedactedDescription
{
    /// A name for the key's purpose, such as `"banking"`; not secret.
    public let identifier: String
    /// The version number; higher numbers are newer. Not secret.
    public let version: Int
    /// The key material.
    public let key: Key

    /// Creates a versioned key.
    public init(identifier: String = "default", version: Int, key: Key) {
        self.identifier = identifier
        self.version = version
        self.key = key
    }

    /// `"VersionedKey(<identifier> v<version>, redacted)"`.
    public var description: String {
        "VersionedKey(\(identifier) v\(version), redacted)"
    }

    /// A mirror showing only the identifier and version.
    public var customMirror: Mirror {
        Mirror(self, children: ["identifier": identifier, "version": version], displayStyle: .struct)
    }
}
