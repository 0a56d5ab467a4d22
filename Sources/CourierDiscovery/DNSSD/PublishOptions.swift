/// Options for ``Discovery/publish(_:port:txt:options:)``.
public struct PublishOptions: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: Int
    /// Creates options from their raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Fail with `collision` instead of renaming to `Name (2)` when the name is taken.
    public static let noAutoRename = PublishOptions(rawValue: 1)
    /// Listen for TCP connections on IPv4 and IPv6 at a port the kernel picks, advertise that port, and report
    /// each accepted connection as `.didAcceptConnection` (Listing 13-1). The `port` argument is ignored.
    public static let listenForConnections = PublishOptions(rawValue: 2)
}
