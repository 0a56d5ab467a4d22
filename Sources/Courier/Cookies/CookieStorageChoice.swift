/// What ``SessionConfiguration/httpCookieStorage`` holds: the jar that comes with the configuration's
/// kind, or the one (or none) set explicitly.
enum CookieStorageChoice: Sendable {
    /// `.default` configurations use the shared persistent jar; `.ephemeral` ones this in-memory jar.
    case automatic(CookieStorage)
    /// Set by the user; `nil` turns cookies off.
    case chosen(CookieStorage?)

    func storage(for kind: SessionConfiguration.Kind) -> CookieStorage? {
        switch self {
        case .chosen(let storage):
            return storage
        case .automatic(let inMemory):
            return kind == .default ? CookieStorage.persistent(directory: CookieStorage.defaultDirectory) : inMemory
        }
    }
}
