/// A browse event on one interface and IP version, the granularity `avahi-browse` prints.
public struct LinkBrowseEvent: Hashable, Sendable {
    /// Whether the instance appeared or disappeared.
    public enum Kind: Hashable, Sendable {
        /// The instance appeared on this link.
        case found
        /// The instance disappeared from this link.
        case removed
    }

    /// Found or removed.
    public var kind: Kind
    /// The instance.
    public var identity: ServiceIdentity
    /// The interface name (`eth0`, `lo`).
    public var interface: String
    /// Whether this came over IPv6.
    public var isIPv6: Bool

    /// Creates an event (for tests of code that consumes browse events).
    public init(kind: Kind, identity: ServiceIdentity, interface: String, isIPv6: Bool) {
        self.kind = kind
        self.identity = identity
        self.interface = interface
        self.isIPv6 = isIPv6
    }
}
