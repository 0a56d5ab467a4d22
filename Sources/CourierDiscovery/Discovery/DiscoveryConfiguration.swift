import Logging

/// How a ``Discovery`` instance uses the network.
///
/// ```swift
/// var configuration = DiscoveryConfiguration()
/// configuration.interfaces = .loopbackOnly  // tests and single-host demos
/// let discovery = Discovery(configuration: configuration)
/// ```
public struct DiscoveryConfiguration: Sendable {
    /// Which interfaces carry mDNS.
    public enum Interfaces: Sendable, Hashable {
        /// Up, multicast-capable interfaces with an address; loopback only when it is the only one.
        case automatic
        /// These interfaces by name (`eth0`, `veth-a`, `lo`).
        case named([String])
        /// Only the loopback interface: everything stays on this host.
        case loopbackOnly
    }

    /// Which IP versions to use.
    public struct IPVersions: OptionSet, Sendable, Hashable {
        /// The set as bits.
        public let rawValue: Int
        /// Creates a set from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// IPv4: 224.0.0.251.
        public static let v4 = IPVersions(rawValue: 1)
        /// IPv6: ff02::fb.
        public static let v6 = IPVersions(rawValue: 2)
        /// Both.
        public static let all: IPVersions = [.v4, .v6]
    }

    /// The interfaces to use; `.automatic` by default.
    public var interfaces: Interfaces = .automatic
    /// The IP versions to use; both by default.
    public var ipVersions: IPVersions = .all
    /// The host label published as `<label>.local.`; `nil` uses the system host name.
    public var hostName: String?
    /// The UDP port: 5353. Another port makes a private link for tests (every peer must use the same one).
    public var port: Int = 5353
    /// Where diagnostics go; discovery never prints.
    public var logger = Logger(label: "courier.discovery")
    /// Seed for the protocol's random delays; `nil` draws one from the system.
    public var randomSeed: UInt64?

    /// The defaults: all suitable interfaces, IPv4 and IPv6, port 5353.
    public init() {}
}
