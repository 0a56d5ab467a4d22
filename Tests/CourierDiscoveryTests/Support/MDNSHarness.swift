import Logging
import NIOCore
import NIOEmbedded

@testable import CourierDiscovery

/// An ``MDNSChannelHandler`` on an `EmbeddedChannel` with a virtual clock: tests deliver datagrams, advance time
/// and read what was sent.
final class MDNSHarness {
    static let multicast = try! SocketAddress(ipAddress: "224.0.0.251", port: 5353)
    static let ownAddress = try! SocketAddress(ipAddress: "169.254.77.1", port: 5353)
    static let peer = try! SocketAddress(ipAddress: "169.254.77.2", port: 5353)
    static let otherPeer = try! SocketAddress(ipAddress: "169.254.77.3", port: 5353)
    static let legacyPeer = try! SocketAddress(ipAddress: "169.254.77.2", port: 40000)
    /// The harness's link besides link-local addresses: 192.168.7.0/24, where this host is 192.168.7.1.
    static let onLinkPrefix = LinkPrefix(
        address: try! SocketAddress(ipAddress: "192.168.7.1", port: 0),
        netmask: try! SocketAddress(ipAddress: "255.255.255.0", port: 0))!

    final class EventLog {
        var events: [MDNSChannelHandler.Event] = []
    }

    let loop = EmbeddedEventLoop()
    let channel: EmbeddedChannel
    let handler: MDNSChannelHandler
    let log = EventLog()

    /// With `interfaceIndex`, the handler is that interface's and hands back datagrams that arrived on another.
    init(configuration: MDNSEngine.Configuration = MDNSEngine.Configuration(), interfaceIndex: Int? = nil) throws {
        let log = self.log
        handler = MDNSChannelHandler(
            configuration: configuration, multicastAddress: Self.multicast, localAddresses: ["169.254.77.1"],
            onLinkPrefixes: [Self.onLinkPrefix], interfaceIndex: interfaceIndex, logger: Logger(label: "test"),
            onEvent: { log.events.append($0) })
        channel = EmbeddedChannel(handler: handler, loop: loop)
        try channel.connect(to: Self.multicast).wait()
    }

    /// Datagrams written since the last call, decoded, with their destinations.
    func sent() throws -> [(message: DNSMessage, to: SocketAddress)] {
        var result: [(DNSMessage, SocketAddress)] = []
        while let envelope = try channel.readOutbound(as: AddressedEnvelope<ByteBuffer>.self) {
            result.append((try DNSMessage(decoding: envelope.data), envelope.remoteAddress))
        }
        return result
    }

    func deliver(_ message: DNSMessage, from source: SocketAddress = MDNSHarness.peer) throws {
        try deliver(bytes: message.encoded(), from: source)
    }

    /// Delivers a datagram. With `destination`, the envelope carries it as the socket's packet info would (a
    /// unicast address or the group, arriving on interface `arrivalInterface`); without, it arrives as on a socket
    /// that does not report it.
    func deliver(
        bytes: [UInt8], from source: SocketAddress = MDNSHarness.peer, to destination: SocketAddress? = nil,
        arrivalInterface: Int = 2
    ) throws {
        let buffer = channel.allocator.buffer(bytes: bytes)
        let metadata = destination.map {
            AddressedEnvelope<ByteBuffer>.Metadata(
                ecnState: .transportNotCapable,
                packetInfo: NIOPacketInfo(destinationAddress: $0, interfaceIndex: arrivalInterface))
        }
        try channel.writeInbound(AddressedEnvelope(remoteAddress: source, data: buffer, metadata: metadata))
    }

    /// Steps the clock a millisecond at a time until something is sent, at most `limit` milliseconds; returns how
    /// many milliseconds passed and what was sent. Lets tests measure jittered delays exactly.
    func advanceUntilSent(limit: Int64) throws -> (elapsed: Int64, sent: [(message: DNSMessage, to: SocketAddress)]) {
        for elapsed in 0...limit {
            if elapsed > 0 { advance(by: .milliseconds(1)) }
            let sent = try sent()
            if sent.isEmpty == false { return (elapsed, sent) }
        }
        return (limit + 1, [])
    }

    func advance(by amount: TimeAmount) {
        loop.advanceTime(by: amount)
    }

    /// Registration events so far, dropping them from the log.
    func takeRegistrationEvents() -> [RegistrationEvent] {
        defer { log.events.removeAll { if case .registration = $0 { true } else { false } } }
        return log.events.compactMap { if case .registration(_, let event) = $0 { event } else { nil } }
    }

    /// Cache changes so far, dropping them from the log.
    func takeCacheChanges() -> [RecordCache.Change] {
        defer { log.events.removeAll { if case .cacheChanges = $0 { true } else { false } } }
        return log.events.flatMap { event -> [RecordCache.Change] in
            guard case .cacheChanges(let changes) = event else { return [] }
            return changes
        }
    }

    static func kidsShoes(port: UInt16 = 8080, txt: TXTRecord = ["version": "1.0"]) throws -> RegistrationSubject {
        .service(
            try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp"), port: port, txt: txt,
            host: try DNSName("shop.local."))
    }

    /// Registers Kids Shoes and runs the clock until it is established; clears what was sent.
    func establishKidsShoes(allowsRename: Bool = true) throws -> Int {
        let id = handler.register(try Self.kidsShoes(), allowsRename: allowsRename)
        advance(by: .milliseconds(250 * 4))
        advance(by: .seconds(1))
        _ = try sent()
        _ = takeRegistrationEvents()
        return id
    }
}
