/// The outcome of a secure-store operation, named and numbered like the keychain's `OSStatus`
/// codes (the book's table 11-5), so code ported from iOS reads the same.
public enum SecureStoreStatus: Int32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No error (`errSecSuccess`).
    case success = 0
    /// A parameter was not valid: an attribute that does not belong to the item class, an empty
    /// group name, a bad option (`errSecParam`).
    case param = -50
    /// Reading or writing the store's files failed (`errSecIO`).
    case io = -36
    /// The passphrase is wrong, or the key file does not match the store (`errSecAuthFailed`).
    case authFailed = -25293
    /// An item with the same primary key already exists (`errSecDuplicateItem`).
    case duplicateItem = -25299
    /// No item matched the query (`errSecItemNotFound`).
    case itemNotFound = -25300
    /// The item's data is only available after the store is unlocked with its passphrase
    /// (`errSecInteractionNotAllowed`, what iOS returns while the device is locked).
    case interactionNotAllowed = -25308
    /// A store or key file is corrupt and cannot be decoded (`errSecDecode`).
    case decode = -26275
    /// A key or store file can be read or written by other users, or is owned by another user, so
    /// Courier refuses to use it (reported with the number of `errSecNoAccessForItem`).
    case insecurePermissions = -25243

    /// The constant's name as in Apple's headers (`errSecItemNotFound`), or Courier's name for
    /// ``insecurePermissions``.
    public var description: String {
        switch self {
        case .success: "errSecSuccess"
        case .param: "errSecParam"
        case .io: "errSecIO"
        case .authFailed: "errSecAuthFailed"
        case .duplicateItem: "errSecDuplicateItem"
        case .itemNotFound: "errSecItemNotFound"
        case .interactionNotAllowed: "errSecInteractionNotAllowed"
        case .decode: "errSecDecode"
        case .insecurePermissions: "insecurePermissions"
        }
    }
}
