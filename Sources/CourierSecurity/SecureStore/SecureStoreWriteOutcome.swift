/// What ``SecureStore/addOrUpdate(_:)`` did.
public enum SecureStoreWriteOutcome: Sendable, Hashable {
    /// No item had the primary key; the item was added.
    case added
    /// An item with the primary key existed and was changed.
    case updated
    /// An item with the primary key already had the same data and attributes; nothing was written
    /// (the book's `setValue:forIdentifier:` returning `YES` without an update).
    case unchanged
}
