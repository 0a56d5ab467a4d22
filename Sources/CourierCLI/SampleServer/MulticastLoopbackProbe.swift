import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks that a multicast datagram sent on the loopback interface comes back to its sender, which the tour's
/// discovery section needs. Some containers and sandboxes have no `lo` with 127.0.0.1, or drop multicast on it;
/// the tour then skips that section with the reason instead of failing it.
enum MulticastLoopbackProbe {
    /// `nil` when a datagram to 224.0.0.251 on the loopback interface came back within `timeout`; otherwise why not.
    static func problem(timeout: Duration = .seconds(2)) async -> String? {
        let devices: [NIONetworkDevice]
        do {
            devices = try System.enumerateDevices()
        } catch {
            return "the network interfaces cannot be listed (\(error))"
        }
        guard let loopback = devices.first(where: { $0.address?.ipAddress == "127.0.0.1" }) else {
            return "no interface has the address 127.0.0.1"
        }
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let channel: any Channel
        do {
            // Port 0 without SO_REUSEADDR, which would let Linux pick a port another socket already holds.
            channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ArrivalHandler(arrived: arrived))
                    }
                }
                .bind(host: "0.0.0.0", port: 0).get()
        } catch {
            return "a UDP socket cannot be opened (\(error))"
        }
        defer { channel.close(promise: nil) }
        do {
            guard let port = channel.localAddress?.port, let options = channel as? any SocketOptionProvider else {
                return "the UDP socket has no port or no socket options"
            }
            var group = in_addr()
            var loopbackAddress = in_addr()
            _ = inet_pton(AF_INET, "224.0.0.251", &group)
            _ = inet_pton(AF_INET, "127.0.0.1", &loopbackAddress)
            // Joined by index with the raw option: NIO's joinGroup refuses `lo`, which lacks IFF_MULTICAST although
            // Linux delivers multicast on it.
            let request = ip_mreqn(
                imr_multiaddr: group, imr_address: in_addr(), imr_ifindex: Int32(loopback.interfaceIndex))
            try await options.unsafeSetSocketOption(
                level: NIOBSDSocket.OptionLevel(rawValue: Int32(IPPROTO_IP)),
                name: NIOBSDSocket.Option(rawValue: IP_ADD_MEMBERSHIP), value: request
            ).get()
            try await options.setIPMulticastIF(loopbackAddress).get()
            try await options.setIPMulticastLoop(1).get()
            let target = try SocketAddress(ipAddress: "224.0.0.251", port: port)
            try await channel.writeAndFlush(
                AddressedEnvelope(remoteAddress: target, data: ByteBuffer(string: "courier tour multicast probe"))
            ).get()
        } catch {
            return "multicast cannot be sent on \(loopback.name) (\(error))"
        }
        let cameBack = await FirstEvent.first(in: arrivals, within: timeout) { true } ?? false
        return cameBack ? nil : "a datagram sent to 224.0.0.251 on \(loopback.name) did not come back within \(timeout)"
    }

    /// Reports that a datagram arrived.
    private final class ArrivalHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>
        let arrived: AsyncStream<Void>.Continuation

        init(arrived: AsyncStream<Void>.Continuation) {
            self.arrived = arrived
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            arrived.yield()
        }
    }
}
