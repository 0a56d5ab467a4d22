import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Follows the records of one instance across interfaces — SRV, TXT, then the target's A and AAAA — and says when
/// the resolved result changes. Lives inside the ``Discovery`` actor.
final class ServiceResolver {
    struct Update {
        /// A target host seen for the first time: its addresses need queries.
        var newTarget: DNSName?
        /// A changed result to report.
        var resolved: ResolvedService?
    }

    let identity: ServiceIdentity
    private var interfaces: [Int: String] = [:]
    private var srv: (target: DNSName, port: UInt16, stack: Int)?
    private var txt: TXTRecord?
    private var addresses: [Int: [[UInt8]]] = [:]
    private var queriedTargets: Set<DNSName> = []
    private var last: ResolvedService?

    /// Whether a result was reported.
    var hasYielded: Bool { last != nil }

    init(identity: ServiceIdentity) {
        self.identity = identity
    }

    func apply(_ changes: [RecordCache.Change], stack: Int, interface: String) -> Update {
        interfaces[stack] = interface
        var update = Update()
        for change in changes {
            let record: DNSResourceRecord
            let present: Bool
            switch change {
            case .added(let value), .updated(let value): (record, present) = (value, true)
            case .removed(let value): (record, present) = (value, false)
            }
            switch record.data {
            case .srv(_, _, let port, let target) where record.name == identity.fullName:
                if present {
                    srv = (target, port, stack)
                    if queriedTargets.insert(target).inserted { update.newTarget = target }
                } else if srv?.target == target && srv?.port == port {
                    srv = nil
                }
            case .txt(let strings) where record.name == identity.fullName:
                txt = present ? TXTRecord(strings: strings) : nil
            case .a(let bytes), .aaaa(let bytes):
                guard let target = srv?.target, record.name == target else { continue }
                var list = addresses[stack] ?? []
                if present {
                    if list.contains(bytes) == false { list.append(bytes) }
                } else {
                    list.removeAll { $0 == bytes }
                }
                addresses[stack] = list
            default:
                continue
            }
        }
        if let current = current(), current != last {
            last = current
            update.resolved = current
        }
        return update
    }

    private func current() -> ResolvedService? {
        guard let srv, let txt else { return nil }
        var socketAddresses: [SocketAddress] = []
        for stack in addresses.keys.sorted() {
            for bytes in addresses[stack] ?? [] {
                if let address = Self.socketAddress(bytes, port: Int(srv.port), interface: interfaces[stack] ?? "") {
                    socketAddresses.append(address)
                }
            }
        }
        guard socketAddresses.isEmpty == false else { return nil }
        return ResolvedService(
            identity: identity, host: srv.target, port: Int(srv.port), txt: txt, addresses: socketAddresses,
            interface: interfaces[srv.stack] ?? "")
    }

    /// Builds a socket address; an IPv6 link-local address gets its interface's index as scope id, so that a
    /// connection to it leaves through the right interface.
    static func socketAddress(_ bytes: [UInt8], port: Int, interface: String) -> SocketAddress? {
        if bytes.count == 4 {
            return try? SocketAddress(ipAddress: bytes.map(String.init).joined(separator: "."), port: port)
        }
        guard bytes.count == 16, (0...65535).contains(port) else { return nil }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port)).bigEndian
        withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
        var groups: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 {
            address.sin6_scope_id = if_nametoindex(interface)
        }
        return SocketAddress(address, host: groups.joined(separator: ":"))
    }
}
