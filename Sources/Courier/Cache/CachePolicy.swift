/// How a request uses the HTTP cache, with URLSession's names.
public enum CachePolicy: String, Hashable, Sendable, CaseIterable {
    /// Follow the protocol (RFC 9111): use fresh stored responses, revalidate stale ones.
    case useProtocolCachePolicy
    /// Ignore stored responses and load from the network.
    case reloadIgnoringLocalCacheData
    /// Ignore stored responses and ask intermediaries not to answer from theirs either.
    case reloadIgnoringLocalAndRemoteCacheData
    /// Use a stored response whatever its age; load only when there is none.
    case returnCacheDataElseLoad
    /// Use a stored response whatever its age; never load (fail when there is none).
    case returnCacheDataDontLoad
    /// Revalidate a stored response with the server before using it.
    case reloadRevalidatingCacheData

    /// Parses a policy from its full name or the CLI's short names
    /// (`protocol`, `reload`, `reload-all`, `else-load`, `only`, `revalidate`).
    public init?(name: String) {
        switch name {
        case "protocol": self = .useProtocolCachePolicy
        case "reload": self = .reloadIgnoringLocalCacheData
        case "reload-all": self = .reloadIgnoringLocalAndRemoteCacheData
        case "else-load": self = .returnCacheDataElseLoad
        case "only": self = .returnCacheDataDontLoad
        case "revalidate": self = .reloadRevalidatingCacheData
        default: self.init(rawValue: name)
        }
    }
}
