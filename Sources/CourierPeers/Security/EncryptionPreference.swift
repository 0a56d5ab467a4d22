/// MultipeerConnectivity's `encryptionPreference`.
public enum EncryptionPreference: UInt8, Sendable, Hashable, CaseIterable {
    /// Plaintext; refuses peers that require encryption.
    case none = 0
    /// Encrypted unless the other side says `.none`.
    case optional = 1
    /// Encrypted, or no connection (the default, as in MultipeerConnectivity since iOS 9).
    case required = 2

    /// Whether two sides connect, and whether they encrypt; `nil` when they cannot connect.
    public func negotiate(with other: EncryptionPreference) -> Bool? {
        switch (self, other) {
        case (.none, .required), (.required, .none): nil
        case (.none, _), (_, .none): false
        default: true
        }
    }
}
