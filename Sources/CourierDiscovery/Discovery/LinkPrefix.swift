import NIOCore

/// A network on an interface's link — one of its addresses with the netmask — for the rule that unicast-addressed
/// mDNS packets count only from on-link sources (RFC 6762 §11): a unicast packet can come from anywhere routing
/// reaches, a multicast one to 224.0.0.251 or ff02::fb only from the link.
struct LinkPrefix: Hashable, Sendable {
    /// The network's address bytes (4 or 16), already masked.
    let network: [UInt8]
    let mask: [UInt8]

    /// The prefix of `address` under `netmask`; `nil` unless both are IP addresses of the same family.
    init?(address: SocketAddress, netmask: SocketAddress?) {
        guard let netmask, let bytes = Discovery.addressBytes(address), let mask = Discovery.addressBytes(netmask),
            bytes.count == mask.count
        else { return nil }
        self.mask = mask
        self.network = zip(bytes, mask).map { $0 & $1 }
    }

    /// Whether `bytes` (an address of 4 or 16 bytes) lies in this network.
    func contains(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == network.count else { return false }
        for index in bytes.indices where bytes[index] & mask[index] != network[index] {
            return false
        }
        return true
    }

    /// Whether `source` is on the link: in one of `prefixes`, a link-local address (IPv4 169.254/16, IPv6
    /// fe80::/10), which is on-link by definition (RFC 3927, RFC 4291), or a loopback address, which only this host
    /// can send from.
    static func isOnLink(_ source: SocketAddress, prefixes: [LinkPrefix]) -> Bool {
        guard let bytes = Discovery.addressBytes(source) else { return false }
        if bytes.count == 4, (bytes[0] == 169 && bytes[1] == 254) || bytes[0] == 127 { return true }
        if bytes.count == 16, (bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80) || bytes == Self.ipv6Loopback {
            return true
        }
        return prefixes.contains { $0.contains(bytes) }
    }

    private static let ipv6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
}
