import CourierSecurity

/// What a suite of programs shares through the single sign-on access group.
public enum SSOSharingPolicy: Sendable {
    /// The user name and the token are shared: one login signs every program of the group in.
    case shareToken
    /// Only the user name is shared, for pre-filling; the token stays in this program's own store.
    /// The book's choice when "the token cannot be shared".
    case shareAccountOnly(privateStore: SecureStore)
}
