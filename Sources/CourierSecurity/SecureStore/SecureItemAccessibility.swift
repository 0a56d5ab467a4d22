/// When an item's data can be read (`kSecAttrAccessible`, the book's table 6-4), mapped to what a
/// Linux process has.
///
/// | iOS value | Courier |
/// |---|---|
/// | `Always` | ``always``: readable whenever the store's key file (or file passphrase) is available |
/// | `WhenUnlocked`, `AfterFirstUnlock` | ``afterUnlock``: readable only after ``SecureStore/unlock(passphrase:)`` |
/// | `…ThisDeviceOnly` | ``alwaysThisDeviceOnly``, ``afterUnlockThisDeviceOnly``: also sealed with a key derived from `/etc/machine-id`, invisible on any other machine and never exported |
///
/// New items are ``always`` unless they say otherwise: a Linux process has no lock screen, so the
/// key file is the counterpart of the device being unlocked. Choose ``afterUnlock`` for data a user
/// should have to unlock with a passphrase.
public enum SecureItemAccessibility: String, Sendable, Hashable, Codable, CaseIterable {
    /// Readable whenever the store can be opened.
    case always
    /// Readable only while the store is unlocked with its passphrase.
    case afterUnlock
    /// Like ``always``, and bound to this machine.
    case alwaysThisDeviceOnly
    /// Like ``afterUnlock``, and bound to this machine.
    case afterUnlockThisDeviceOnly

    /// `kSecAttrAccessibleWhenUnlocked`.
    public static let whenUnlocked = SecureItemAccessibility.afterUnlock
    /// `kSecAttrAccessibleAfterFirstUnlock`.
    public static let afterFirstUnlock = SecureItemAccessibility.afterUnlock
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    public static let whenUnlockedThisDeviceOnly = SecureItemAccessibility.afterUnlockThisDeviceOnly
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
    public static let afterFirstUnlockThisDeviceOnly = SecureItemAccessibility.afterUnlockThisDeviceOnly

    /// Whether the data needs the store's passphrase.
    public var requiresUnlock: Bool {
        self == .afterUnlock || self == .afterUnlockThisDeviceOnly
    }

    /// Whether the data is bound to this machine and never exported.
    public var isThisDeviceOnly: Bool {
        self == .alwaysThisDeviceOnly || self == .afterUnlockThisDeviceOnly
    }
}
