/// How a ``SecureStore`` finds and protects its files.
public struct SecureStoreOptions: Sendable, Hashable {
    /// Where the key that encrypts a group's file comes from.
    public enum KeySource: Sendable, Hashable {
        /// A random 256-bit key in a mode-0600 file next to the store file (the default). Items
        /// with ``SecureItemAccessibility/always`` are readable by any process of the same user.
        case keyFile
        /// PBKDF2-SHA256 of the store's passphrase: no key file exists, and nothing in the group can
        /// be read without the passphrase.
        case passphrase
    }

    /// Where the file key comes from.
    public var keySource: KeySource
    /// PBKDF2 rounds when a passphrase key is first set up (later openings use the stored count).
    /// At least ``KeyDerivation/minimumRecommendedRounds``.
    public var passphraseRounds: Int
    /// Files tried in order for the machine identifier that binds "this device only" items; when
    /// none is readable, a random identifier kept in the store directory is used instead.
    public var machineIdentifierFiles: [String]

    /// Creates options.
    public init(
        keySource: KeySource = .keyFile,
        passphraseRounds: Int = KeyDerivation.minimumRecommendedRounds,
        machineIdentifierFiles: [String] = ["/etc/machine-id", "/var/lib/dbus/machine-id"]
    ) {
        self.keySource = keySource
        self.passphraseRounds = passphraseRounds
        self.machineIdentifierFiles = machineIdentifierFiles
    }
}
