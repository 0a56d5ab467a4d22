import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A network interface as the reachability monitor sees it.
public struct NetworkInterface: Hashable, Sendable, CustomStringConvertible {
    /// The kernel's name, such as `eth0` or `wlan0`.
    public var name: String
    /// The kernel's interface index (0 when unknown).
    public var index: Int
    /// Administratively up (`IFF_UP`).
    public var isUp: Bool
    /// Up with a carrier (`IFF_RUNNING`).
    public var isRunning: Bool
    /// The loopback interface (`IFF_LOOPBACK`).
    public var isLoopback: Bool
    /// The link-layer type (`ARPHRD_*`: 1 Ethernet, 772 loopback, 519 raw IP…), when known.
    public var hardwareType: Int?
    /// The interface's IPv4 and IPv6 addresses.
    public var addresses: [InterfaceAddress]

    /// Creates an interface description (the monitor builds these; tests and custom sources may too).
    public init(
        name: String, index: Int = 0, isUp: Bool, isRunning: Bool, isLoopback: Bool = false,
        hardwareType: Int? = nil, addresses: [InterfaceAddress] = []
    ) {
        self.name = name
        self.index = index
        self.isUp = isUp
        self.isRunning = isRunning
        self.isLoopback = isLoopback
        self.hardwareType = hardwareType
        self.addresses = addresses
    }

    /// Whether traffic can flow through it: up, running, and with an address that is not link-local.
    public var canCarryTraffic: Bool {
        isUp && isRunning && addresses.contains { !$0.isLinkLocal }
    }

    /// The name, whether the interface can carry traffic (or why not), and its addresses.
    public var description: String {
        let state = canCarryTraffic ? "usable" : (isUp ? (isRunning ? "no address" : "no carrier") : "down")
        return "\(name) (\(state); \(addresses.map(\.description).joined(separator: ", ")))"
    }
}

/// An IPv4 or IPv6 address of an interface.
public struct InterfaceAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address family.
    public enum Family: Hashable, Sendable {
        /// IPv4 (`AF_INET`).
        case ipv4
        /// IPv6 (`AF_INET6`).
        case ipv6
    }

    /// Whether this is an IPv4 or an IPv6 address.
    public var family: Family
    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public var bytes: [UInt8]
    /// The prefix length of the interface's network, when known.
    public var prefixLength: Int?

    /// Creates an address; `nil` unless `bytes` has the family's length (4 or 16).
    public init?(family: Family, bytes: [UInt8], prefixLength: Int? = nil) {
        guard bytes.count == (family == .ipv4 ? 4 : 16) else { return nil }
        self.family = family
        self.bytes = bytes
        self.prefixLength = prefixLength
    }

    /// Parses `"192.0.2.1"` or `"2001:db8::1"`.
    public init?(_ text: String, prefixLength: Int? = nil) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let bytes = withUnsafeBytes(of: &v4) { Array($0) }
            self.init(family: .ipv4, bytes: bytes, prefixLength: prefixLength)
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            self.init(family: .ipv6, bytes: bytes, prefixLength: prefixLength)
            return
        }
        return nil
    }

    /// `169.254.0.0/16` or `fe80::/10`: usable only on the local link, not a sign of a network.
    public var isLinkLocal: Bool {
        switch family {
        case .ipv4: return bytes[0] == 169 && bytes[1] == 254
        case .ipv6: return bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80
        }
    }

    /// `127.0.0.0/8` or `::1`.
    public var isLoopback: Bool {
        switch family {
        case .ipv4: return bytes[0] == 127
        case .ipv6: return bytes.dropLast().allSatisfy { $0 == 0 } && bytes[15] == 1
        }
    }

    /// The presentation form (`inet_ntop`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = self.family == .ipv4 ? AF_INET : AF_INET6
        let result = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard result != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
