import NIOCore
import NIOPosix
import Testing

@testable import CourierSockets

@Suite struct UDPSocketTests {
    @Test func sendsAndReceivesWithThePeersAddress() async throws {
        let server = try await UDPSocket.bind(host: "127.0.0.1", port: 0)
        let client = try await UDPSocket.bind(host: "127.0.0.1", port: 0)
        let serverAddress = try #require(server.localAddress)
        let clientPort = try #require(client.localAddress?.port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.run { reader, writer in
                    for try await event in reader {
                        if case .received(let datagram) = event {
                            try await writer.send(datagram.payload, to: datagram.remoteAddress)
                            return
                        }
                    }
                }
            }
            let reply: Datagram? = try await client.run { reader, writer -> Datagram? in
                try await writer.send("ping", to: serverAddress)
                for try await event in reader {
                    if case .received(let datagram) = event { return datagram }
                }
                return nil
            }
            #expect(reply.map { String(buffer: $0.payload) } == "ping")
            #expect(reply?.remoteAddress.port == serverAddress.port)
            try await group.waitForAll()
        }
        #expect(clientPort > 0)
    }

    @Test func aConnectedSocketSendsToItsDefaultPeer() async throws {
        let server = try await UDPSocket.bind(host: "127.0.0.1", port: 0)
        let port = try #require(server.localAddress?.port)
        let client = try await UDPSocket.connect(host: "127.0.0.1", port: port)
        #expect(client.remoteAddress?.port == port)
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                try await server.run { reader, _ in
                    for try await event in reader {
                        if case .received(let datagram) = event { return String(buffer: datagram.payload) }
                    }
                    return nil
                }
            }
            try await client.run { _, writer in try await writer.send("default peer") }
            #expect(try await group.next() == "default peer")
        }
    }

    @Test func anOversizedDatagramIsReportedNotTruncated() async throws {
        let server = try await UDPSocket.bind(
            host: "127.0.0.1",
            port: 0,
            configuration: UDPConfiguration(maximumDatagramSize: 512)
        )
        let address = try #require(server.localAddress)
        let client = try await UDPSocket.bind(host: "127.0.0.1", port: 0)
        try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                try await server.run { reader, _ in
                    var seen: [String] = []
                    for try await event in reader {
                        switch event {
                        case .received(let datagram): seen.append("received \(datagram.payload.readableBytes)")
                        case .oversized(_, let maximum): seen.append("oversized over \(maximum)")
                        }
                        if seen.count == 2 { break }
                    }
                    return seen
                }
            }
            try await client.run { _, writer in
                try await writer.send(ByteBuffer(repeating: 1, count: 2000), to: address)
                try await writer.send(ByteBuffer(repeating: 1, count: 512), to: address)
            }
            #expect(try await group.next() == ["oversized over 512", "received 512"])
        }
    }

    @Test func sendingWithoutAnAddressOrDefaultPeerIsRefused() async throws {
        let socket = try await UDPSocket.bind(host: "127.0.0.1", port: 0)
        try await socket.run { _, writer in
            await #expect {
                try await writer.send("nowhere")
            } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
            await #expect {
                try await writer.send(
                    ByteBuffer(repeating: 0, count: 70_000), to: try SocketAddress(ipAddress: "127.0.0.1", port: 9))
            } throws: { ($0 as? SocketError)?.code == .dataLengthExceedsMaximum }
        }
    }

    @Test func invalidSizesAreRefused() async {
        await #expect {
            _ = try await UDPSocket.bind(host: "127.0.0.1", port: 0, configuration: .init(maximumDatagramSize: 70_000))
        } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
    }

    @Test func broadcastCanBeAllowed() async throws {
        let socket = try await UDPSocket.bind(
            host: "0.0.0.0",
            port: 0,
            configuration: UDPConfiguration(allowsBroadcast: true)
        )
        let value = try await socket.channel.getOption(.socketOption(.so_broadcast)).get()
        #expect(value != 0)
        await socket.close()
    }

    /// The first IPv4 interface that can do multicast (loopback usually cannot).
    static let multicastDevice = (try? System.enumerateDevices())?.first {
        $0.multicastSupported && $0.address?.protocol == .inet
    }

    @Test(.enabled(if: multicastDevice != nil, "needs an IPv4 interface with multicast"))
    func joinsAndLeavesAMulticastGroup() async throws {
        let device = try #require(Self.multicastDevice)
        let group = try SocketAddress(ipAddress: "239.255.77.77", port: 0)
        let socket = try await UDPSocket.bind(host: "0.0.0.0", port: 0)
        try await socket.joinMulticastGroup(group, device: device)
        try await socket.leaveMulticastGroup(group, device: device)
        await socket.close()
    }

    /// Loopback, when it lacks the multicast flag (as on Linux by default).
    static let loopbackWithoutMulticast = (try? System.enumerateDevices())?.first {
        $0.address?.ipAddress == "127.0.0.1" && !$0.multicastSupported
    }

    @Test(.enabled(if: loopbackWithoutMulticast != nil, "needs a loopback interface without multicast"))
    func aDeviceWithoutMulticastIsAClearError() async throws {
        let loopback = try #require(Self.loopbackWithoutMulticast)
        let socket = try await UDPSocket.bind(host: "0.0.0.0", port: 0)
        await #expect {
            try await socket.joinMulticastGroup(
                try SocketAddress(ipAddress: "239.255.77.77", port: 0), device: loopback)
        } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
        await socket.close()
    }
}
