import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Interface changes found by polling `getifaddrs(3)`: the portable fallback where no rtnetlink socket can
/// be opened (another OS, a sandbox without `AF_NETLINK`). It reports a snapshot at start and whenever
/// the interfaces differ from the last one.
public struct InterfacePollingSource: NetworkChangeSource {
    /// Seconds between two looks (default 2).
    public var interval: TimeInterval
    /// A network namespace to watch instead of the process's (Linux; needs CAP_SYS_ADMIN).
    public var networkNamespace: String?

    /// Creates a polling source.
    public init(interval: TimeInterval = 2, networkNamespace: String? = nil) {
        self.interval = max(0.01, interval)
        self.networkNamespace = networkNamespace
    }

    /// Lists the interfaces every `interval` and yields a change whenever the list differs from the last one;
    /// the stream ends when its consumer stops reading or the task is cancelled.
    public func changes() -> AsyncThrowingStream<NetworkChangeEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: NetworkChangeEvent.self, bufferingPolicy: .bufferingNewest(8))
        let interval = self.interval
        let stop = MonitorThread.start(
            name: "courier.reachability.poll", networkNamespace: networkNamespace,
            body: { stopSignal in
                var last: [NetworkInterface]?
                while true {
                    let current = try Self.currentInterfaces()
                    if current != last {
                        continuation.yield(.snapshot(current))
                        last = current
                    }
                    if try MonitorThread.wait(for: nil, stopSignal: stopSignal, timeout: interval) == false { return }
                }
            },
            onExit: { error in continuation.finish(throwing: error) })
        continuation.onTermination = { _ in stop() }
        return stream
    }

    /// The interfaces `getifaddrs` lists now, with their flags, link types and addresses.
    /// - Throws: `resourceUnavailable` when `getifaddrs` fails.
    public static func currentInterfaces() throws -> [NetworkInterface] {
        var head: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&head) == 0 else { throw ReachabilityError.posix("getifaddrs", errno) }
        defer { freeifaddrs(head) }
        var order: [String] = []
        var byName: [String: NetworkInterface] = [:]
        var cursor = head
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            guard let rawName = entry.pointee.ifa_name else { continue }
            // Alias labels ("eth0:1") belong to their interface.
            let label = String(cString: rawName)
            let name = label.split(separator: ":", maxSplits: 1).first.map(String.init) ?? label
            guard !name.isEmpty else { continue }
            let flags = UInt32(entry.pointee.ifa_flags)
            var interface =
                byName[name]
                ?? NetworkInterface(
                    name: name, index: Int(if_nametoindex(name)), isUp: false, isRunning: false)
            interface.isUp = interface.isUp || flags & UInt32(IFF_UP) != 0
            interface.isRunning = interface.isRunning || flags & UInt32(IFF_RUNNING) != 0
            interface.isLoopback = interface.isLoopback || flags & UInt32(IFF_LOOPBACK) != 0
            if let address = entry.pointee.ifa_addr {
                let family = Int32(address.pointee.sa_family)
                switch family {
                case AF_INET, AF_INET6:
                    let bytes = addressBytes(of: address, family: family)
                    let prefix = entry.pointee.ifa_netmask.map {
                        addressBytes(of: $0, family: family).reduce(0) { $0 + $1.nonzeroBitCount }
                    }
                    if let parsed = InterfaceAddress(
                        family: family == AF_INET ? .ipv4 : .ipv6, bytes: bytes, prefixLength: prefix)
                    {
                        interface.addresses.append(parsed)
                    }
                default:
                    #if os(Linux)
                        // AF_PACKET: struct sockaddr_ll, whose sll_hatype (u16 at offset 8) is the link type.
                        if Int32(address.pointee.sa_family) == AF_PACKET {
                            let raw = UnsafeRawPointer(address)
                            interface.hardwareType = Int(raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
                        }
                    #endif
                }
            }
            if byName[name] == nil { order.append(name) }
            byName[name] = interface
        }
        return order.compactMap { byName[$0] }
    }

    /// The address bytes of an `AF_INET` or `AF_INET6` socket address (an interface's address or its netmask).
    private static func addressBytes(of address: UnsafeMutablePointer<sockaddr>, family: Int32) -> [UInt8] {
        if family == AF_INET {
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }
            }
        }
        return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
        }
    }
}
