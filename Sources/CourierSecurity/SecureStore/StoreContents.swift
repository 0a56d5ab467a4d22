import Foundation

/// The decrypted body of a group's store file.
struct StoreContents: Codable, Sendable {
    /// The items, in the order they were added.
    var items: [StoredItem] = []
    /// How to check a passphrase for ``SecureItemAccessibility/afterUnlock`` items, once one is set.
    var passphrase: PassphraseVerifier?
}

/// The salt, rounds and check value of the passphrase that protects "after unlock" item data.
struct PassphraseVerifier: Codable, Sendable {
    var salt: Data
    var rounds: Int
    var check: Data
}

/// One item as stored: attributes in the clear (inside the encrypted file), data sealed again when
/// its accessibility asks for more than the file key.
struct StoredItem: Codable, Sendable {
    var id: String
    var itemClass: SecureItemClass
    var attributes: SecureItemAttributes
    /// The data itself for ``SecureItemAccessibility/always``; otherwise AES-GCM
    /// `nonce || ciphertext || tag` under the passphrase and/or device key, with `id` as
    /// associated data.
    var payload: Data
    /// For "this device only" items, a tag derived from the device key that says which machine can
    /// read them.
    var deviceTag: Data?

    var accessibility: SecureItemAccessibility {
        attributes.accessibility ?? .always
    }
}
