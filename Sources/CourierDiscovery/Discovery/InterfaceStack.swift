import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One mDNS socket on one interface and IP version, with its engine. The socket binds the wildcard address on the
/// mDNS port with `SO_REUSEADDR` and `SO_REUSEPORT` (so it can share the port with avahi-daemon, which runs as
/// another user), joins the group on this interface only and sends through it with TTL 255 and loopback on.
final class InterfaceStack: Sendable {
    let index: Int
    let interfaceName: String
    /// The system's index of the interface (what packet info reports).
    let interfaceIndex: Int
    let isIPv6: Bool
    let channel: any Channel
    let handler: NIOLoopBound<MDNSChannelHandler>
    private let gate: NIOLoopBound<ReadGate>

    private init(
        index: Int, interfaceName: String, interfaceIndex: Int, isIPv6: Bool, channel: any Channel,
        handler: NIOLoopBound<MDNSChannelHandler>, gate: NIOLoopBound<ReadGate>
    ) {
        self.index = index
        self.interfaceName = interfaceName
        self.interfaceIndex = interfaceIndex
        self.isIPv6 = isIPv6
        self.channel = channel
        self.handler = handler
        self.gate = gate
    }

    /// Lets the socket read again after the event backlog's pause.
    func resumeReading() {
        let gate = self.gate
        channel.eventLoop.execute { gate.value.resume() }
    }

    /// Hands the handler a datagram that the kernel delivered to another stack's socket but that arrived on this
    /// stack's interface.
    func receive(_ envelope: AddressedEnvelope<ByteBuffer>) {
        let handler = self.handler
        channel.eventLoop.execute { handler.value.receive(envelope) }
    }

    /// Runs `body` with the handler on its event loop.
    func run<Result: Sendable>(_ body: @escaping @Sendable (MDNSChannelHandler) -> Result) async throws -> Result {
        let handler = self.handler
        return try await channel.eventLoop.submit { body(handler.value) }.get()
    }

    func close() async {
        try? await channel.close()
    }

    /// Opens the socket for `device` and returns the running stack.
    ///
    /// - Throws: ``DiscoveryError`` `unknown` when the socket cannot be set up (the message names the step).
    static func open(
        index: Int, device: NIONetworkDevice, isIPv6: Bool, localAddresses: Set<String>, onLinkPrefixes: [LinkPrefix],
        configuration: MDNSEngine.Configuration, port: Int, logger: Logger, group: any EventLoopGroup,
        backlog: EngineEventBacklog, onEvent: @escaping @Sendable (Int, MDNSChannelHandler.Event) -> Void
    ) async throws -> InterfaceStack {
        let groupAddress: SocketAddress
        let bindAddress: SocketAddress
        do {
            groupAddress = try SocketAddress(ipAddress: isIPv6 ? "ff02::fb" : "224.0.0.251", port: port)
            bindAddress = try SocketAddress(ipAddress: isIPv6 ? "::" : "0.0.0.0", port: port)
        } catch {
            throw DiscoveryError(.unknown, "cannot form the mDNS addresses: \(error)")
        }
        var bootstrap = DatagramBootstrap(group: group)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .channelOption(Self.option(level: Int32(SOL_SOCKET), name: Int32(SO_REUSEPORT)), value: 1)
            // IP_PKTINFO / IPV6_RECVPKTINFO: each datagram's destination, to tell unicast-addressed ones apart.
            .channelOption(.receivePacketInfo, value: true)
        if isIPv6 {
            // IPV6_V6ONLY (26 on Linux) must be set before bind; afterwards the kernel refuses it.
            bootstrap = bootstrap.channelOption(Self.option(level: Int32(IPPROTO_IPV6), name: 26), value: 1)
        }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(to: bindAddress).get()
        } catch {
            throw DiscoveryError(.unknown, "cannot bind \(bindAddress) on \(device.name): \(error)")
        }
        do {
            guard let options = channel as? any SocketOptionProvider else {
                throw DiscoveryError(.unknown, "the datagram channel does not support multicast")
            }
            if isIPv6 {
                // Linux: IPV6_MULTICAST_ALL = 29 (receive only groups joined on this socket).
                try? await channel.setOption(Self.option(level: Int32(IPPROTO_IPV6), name: 29), value: 0).get()
                try await options.setIPv6MulticastIF(CUnsignedInt(device.interfaceIndex)).get()
                try await options.setIPv6MulticastHops(255).get()
                try await options.setIPv6MulticastLoop(1).get()
            } else {
                // Linux: IP_MULTICAST_ALL = 49; without it the socket would also get groups joined elsewhere.
                try? await channel.setOption(Self.option(level: Int32(IPPROTO_IP), name: 49), value: 0).get()
                guard case .v4(let address) = device.address else {
                    throw DiscoveryError(.unknown, "\(device.name) has no IPv4 address")
                }
                try await options.setIPMulticastIF(address.address.sin_addr).get()
                try await options.setIPMulticastTTL(255).get()
                try await options.setIPMulticastLoop(1).get()
            }
            // Joined by index with a raw option: NIO's joinGroup refuses devices without IFF_MULTICAST, and the
            // loopback interface lacks that flag although Linux delivers multicast on it.
            try await Self.join(options, isIPv6: isIPv6, interfaceIndex: device.interfaceIndex)
        } catch let error as DiscoveryError {
            try? await channel.close()
            throw error
        } catch {
            try? await channel.close()
            throw DiscoveryError(.unknown, "cannot join the mDNS group on \(device.name): \(error)")
        }
        let (loopBound, gate) = try await channel.eventLoop.submit {
            let gate = ReadGate(backlog: backlog)
            let handler = MDNSChannelHandler(
                configuration: configuration, multicastAddress: groupAddress, localAddresses: localAddresses,
                onLinkPrefixes: onLinkPrefixes, interfaceIndex: device.interfaceIndex, logger: logger,
                onEvent: { onEvent(index, $0) })
            try channel.pipeline.syncOperations.addHandlers([gate, handler])
            return (
                NIOLoopBound(handler, eventLoop: channel.eventLoop), NIOLoopBound(gate, eventLoop: channel.eventLoop)
            )
        }.get()
        return InterfaceStack(
            index: index, interfaceName: device.name, interfaceIndex: device.interfaceIndex, isIPv6: isIPv6,
            channel: channel, handler: loopBound, gate: gate)
    }

    private static func join(_ options: any SocketOptionProvider, isIPv6: Bool, interfaceIndex: Int) async throws {
        if isIPv6 {
            var group = in6_addr()
            _ = inet_pton(AF_INET6, "ff02::fb", &group)
            let request = ipv6_mreq(ipv6mr_multiaddr: group, ipv6mr_interface: UInt32(interfaceIndex))
            try await options.unsafeSetSocketOption(
                level: NIOBSDSocket.OptionLevel(rawValue: Int32(IPPROTO_IPV6)),
                name: NIOBSDSocket.Option(rawValue: IPV6_ADD_MEMBERSHIP), value: request
            ).get()
        } else {
            var group = in_addr()
            _ = inet_pton(AF_INET, "224.0.0.251", &group)
            let request = ip_mreqn(imr_multiaddr: group, imr_address: in_addr(), imr_ifindex: Int32(interfaceIndex))
            try await options.unsafeSetSocketOption(
                level: NIOBSDSocket.OptionLevel(rawValue: Int32(IPPROTO_IP)),
                name: NIOBSDSocket.Option(rawValue: IP_ADD_MEMBERSHIP), value: request
            ).get()
        }
    }

    private static func option(level: Int32, name: Int32) -> ChannelOptions.Types.SocketOption {
        ChannelOptions.Types.SocketOption(
            level: NIOBSDSocket.OptionLevel(rawValue: level), name: NIOBSDSocket.Option(rawValue: name))
    }

    /// Whether another socket already holds the mDNS port (`:14E9` in `/proc/net/udp{,6}`), e.g. avahi-daemon.
    static func portIsShared(port: Int) -> Bool {
        let needle = ":" + String(port, radix: 16, uppercase: true).leftPadded(to: 4)
        for path in ["/proc/net/udp", "/proc/net/udp6"] {
            guard let text = readSmallFile(path) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count > 1, fields[1].hasSuffix(needle) { return true }
            }
        }
        return false
    }

    /// The system host name's first label, for `<label>.local.`.
    static func systemHostLabel() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "courier" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let label = name.split(separator: ".").first.map(String.init) ?? ""
        return label.isEmpty ? "courier" : String(label.prefix(63))
    }

    private static func readSmallFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        // /proc/net/udp is small; 1 MiB bounds a pathological system.
        while bytes.count < 1 << 20 {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
