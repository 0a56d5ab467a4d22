import NIOCore
import NIOPosix

/// A UDP socket: datagrams with their peer's address, an optional default peer, broadcast and
/// multicast.
///
/// Nothing is read before ``run(_:)``; a socket dropped without being run is closed.
///
/// ```swift
/// let socket = try await UDPSocket.bind(host: "127.0.0.1", port: 0)
/// try await socket.run { reader, writer in
///     for try await case .received(let datagram) in reader {
///         try await writer.send(datagram.payload, to: datagram.remoteAddress)  // echo
///     }
/// }
/// ```
public struct UDPSocket: Sendable {
    let channel: any Channel
    let configuration: UDPConfiguration
    private let lifetime: ChannelLifetime

    private init(channel: any Channel, configuration: UDPConfiguration) {
        self.channel = channel
        self.configuration = configuration
        self.lifetime = ChannelLifetime(channel: channel)
    }

    /// The address the socket is bound to.
    public var localAddress: SocketAddress? { channel.localAddress }
    /// The default peer set by ``connect(host:port:configuration:eventLoopGroup:)``, if any.
    public var remoteAddress: SocketAddress? { channel.remoteAddress }

    /// Binds a socket to `host` and `port` (0 lets the system choose).
    ///
    /// - Throws: ``SocketError``: ``SocketError/Code/invalidConfiguration`` for unusable settings,
    ///   ``SocketError/Code/unknown`` when the address cannot be bound.
    public static func bind(
        host: String,
        port: Int,
        configuration: UDPConfiguration = UDPConfiguration(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> UDPSocket {
        try configuration.validate()
        return try await SocketError.wrapping(.unknown, "Could not bind UDP \(host) port \(port).") {
            let channel = try await bootstrap(configuration, eventLoopGroup, sharingPort: port != 0)
                .bind(host: host, port: port).get()
            return UDPSocket(channel: channel, configuration: configuration)
        }
    }

    /// Creates a socket whose default peer is `host`:`port` (UDP's `connect`: datagrams from other
    /// addresses are not delivered, and ``DatagramWriter/send(_:to:)`` may omit the address).
    ///
    /// - Throws: ``SocketError``: ``SocketError/Code/cannotFindHost`` when the name does not resolve,
    ///   ``SocketError/Code/invalidConfiguration`` for unusable settings.
    public static func connect(
        host: String,
        port: Int,
        configuration: UDPConfiguration = UDPConfiguration(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> UDPSocket {
        try configuration.validate()
        let address = try await SocketError.wrapping(.cannotFindHost, "Could not resolve the host name \(host).") {
            try SocketAddress.makeAddressResolvingHost(host, port: port)
        }
        return try await SocketError.wrapping(
            .cannotConnectToHost, "Could not set \(host) port \(port) as the UDP peer."
        ) {
            let channel = try await bootstrap(configuration, eventLoopGroup, sharingPort: false)
                .connect(to: address).get()
            return UDPSocket(channel: channel, configuration: configuration)
        }
    }

    /// `SO_REUSEADDR` only for a port the caller names (to share it, as multicast listeners do): with it, Linux's
    /// choice for port 0 may be a port another such socket already has, which then takes this one's datagrams.
    private static func bootstrap(
        _ configuration: UDPConfiguration,
        _ group: any EventLoopGroup,
        sharingPort: Bool
    ) -> DatagramBootstrap {
        DatagramBootstrap(group: group)
            .channelOption(.socketOption(.so_reuseaddr), value: sharingPort ? 1 : 0)
            .channelOption(.socketOption(.so_broadcast), value: configuration.allowsBroadcast ? 1 : 0)
            .channelOption(.autoRead, value: false)
            // One byte more than the maximum lets the reader tell a full datagram from a truncated one.
            .channelOption(
                .recvAllocator,
                value: FixedSizeRecvByteBufferAllocator(capacity: configuration.maximumDatagramSize + 1)
            )
    }

    /// Runs `body` with the socket's reader and writer, then closes the socket.
    ///
    /// - Throws: whatever `body` throws; ``SocketError`` with ``SocketError/Code/notConnected`` when the
    ///   socket was already run or closed.
    public func run<Result: Sendable>(
        _ body: (_ reader: DatagramReader, _ writer: DatagramWriter) async throws -> Result
    ) async throws -> Result {
        let channel = self.channel
        let limit = configuration.receiveQueueLimit
        let asyncChannel = try await lifetime.claim("socket") {
            let asyncChannel = try NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>(
                wrappingChannelSynchronously: channel,
                configuration: .init(
                    backPressureStrategy: .init(lowWatermark: max(1, limit / 2), highWatermark: limit))
            )
            try channel.syncOptions?.setOption(.autoRead, value: true)
            return asyncChannel
        }
        let maximum = configuration.maximumDatagramSize
        let allocator = channel.allocator
        let peer = channel.remoteAddress
        return try await asyncChannel.executeThenClose { inbound, outbound in
            try await body(
                DatagramReader(inbound: inbound, maximumDatagramSize: maximum),
                DatagramWriter(outbound: outbound, allocator: allocator, defaultPeer: peer)
            )
        }
    }

    /// Joins the multicast `group` on `device` (nil lets the system choose the interface).
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration`` when the channel cannot
    ///   do multicast or the system refuses the membership.
    public func joinMulticastGroup(_ group: SocketAddress, device: NIONetworkDevice? = nil) async throws {
        try await changeMembership(of: group, "join") { try await $0.joinGroup(group, device: device).get() }
    }

    /// Leaves the multicast `group` on `device`.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration`` when the system refuses.
    public func leaveMulticastGroup(_ group: SocketAddress, device: NIONetworkDevice? = nil) async throws {
        try await changeMembership(of: group, "leave") { try await $0.leaveGroup(group, device: device).get() }
    }

    /// Joins or leaves (`verb`) a multicast group through `change`, with errors naming what failed.
    private func changeMembership(
        of group: SocketAddress, _ verb: String, _ change: (any MulticastChannel) async throws -> Void
    ) async throws {
        guard let multicast = channel as? any MulticastChannel else {
            throw SocketError(code: .invalidConfiguration, message: "This socket cannot \(verb) multicast groups.")
        }
        try await SocketError.wrapping(.invalidConfiguration, "Could not \(verb) the multicast group \(group).") {
            try await change(multicast)
        }
    }

    /// Closes the socket from outside ``run(_:)``.
    public func close() async {
        try? await channel.close()
    }
}
