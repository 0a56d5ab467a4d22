/// Where a loaded resource came from (SDWebImage's cache type).
public enum ResourceSource: String, Sendable, Hashable, CustomStringConvertible {
    /// The memory cache: no I/O at all.
    case memory
    /// The disk cache.
    case disk
    /// A network request (shared with every concurrent load of the same resource).
    case network

    /// `memory`, `disk` or `network`.
    public var description: String { rawValue }
}
