import NIOCore
import Testing

@testable import CourierDiscovery

/// What the channel handler accepts before the engine sees a datagram: unicast-addressed packets only from
/// on-link sources (RFC 6762 §11); multicast ones from anywhere they arrive from.
@Suite struct MDNSChannelHandlerTests {
    private let identity = try! ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
    private var answer: DNSResourceRecord {
        DNSResourceRecord(name: identity.type.domainName, ttl: 4500, data: .ptr(identity.fullName))
    }
    private let ownUnicast = try! SocketAddress(ipAddress: "192.168.7.1", port: 5353)

    private func deliverAnswer(from source: String, to destination: String) throws -> MDNSHarness {
        let harness = try MDNSHarness()
        try harness.deliver(
            bytes: DNSMessage.response(answers: [answer]).encoded(),
            from: try SocketAddress(ipAddress: source, port: 5353),
            to: try SocketAddress(ipAddress: destination, port: 5353))
        return harness
    }

    @Test(arguments: [("192.168.7.20", "192.168.7.1"), ("169.254.9.9", "192.168.7.1"), ("10.9.9.9", "224.0.0.251")])
    func datagramsFromOnLinkSourcesOrToTheGroupCount(source: String, destination: String) throws {
        let harness = try deliverAnswer(from: source, to: destination)
        #expect(harness.takeCacheChanges() == [.added(answer)])
        #expect(harness.handler.droppedDatagrams == 0)
    }

    @Test(arguments: [("10.9.9.9", "192.168.7.1"), ("2001:db8::5", "fe80::1")])
    func unicastAddressedDatagramsFromOffLinkSourcesAreDropped(source: String, destination: String) throws {
        let harness = try deliverAnswer(from: source, to: destination)
        #expect(harness.takeCacheChanges().isEmpty)
        #expect(harness.handler.droppedDatagrams == 1)
    }

    @Test func anOffLinkUnicastQueryGetsNoAnswer() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        let query = DNSMessage.query([DNSQuestion(name: identity.type.domainName, type: .ptr)])
        let offLink = try SocketAddress(ipAddress: "203.0.113.5", port: 40000)
        try harness.deliver(bytes: query.encoded(), from: offLink, to: ownUnicast)
        harness.advance(by: .milliseconds(200))
        #expect(try harness.sent().isEmpty)
        let onLink = try SocketAddress(ipAddress: "192.168.7.5", port: 40000)
        try harness.deliver(bytes: query.encoded(), from: onLink, to: ownUnicast)
        #expect(try harness.sent().map { $0.to } == [onLink])
    }

    /// Every socket binds the wildcard address on 5353, so the kernel may hand a unicast reply that arrived on one
    /// interface to the socket of another. The handler gives it back (for the stack of the interface it arrived on)
    /// instead of caching it as its own link's.
    @Test func aUnicastDatagramThatArrivedOnAnotherInterfaceIsHandedBackNotCached() throws {
        let older = try MDNSHarness(interfaceIndex: 2)
        let bytes = try DNSMessage.response(answers: [answer]).encoded()
        try older.deliver(bytes: bytes, from: MDNSHarness.peer, to: ownUnicast, arrivalInterface: 7)
        #expect(older.takeCacheChanges().isEmpty)
        guard case .arrivedOnOtherInterface(let envelope, interfaceIndex: 7)? = older.log.events.last else {
            Issue.record("expected the datagram back for interface 7, got \(older.log.events)")
            return
        }
        #expect(older.handler.droppedDatagrams == 0)

        // The stack of interface 7 takes it as its own.
        let newer = try MDNSHarness(interfaceIndex: 7)
        newer.handler.receive(envelope)
        #expect(newer.takeCacheChanges() == [.added(answer)])

        // On its own interface a datagram counts where it arrived.
        try older.deliver(bytes: bytes, from: MDNSHarness.peer, to: ownUnicast, arrivalInterface: 2)
        #expect(older.takeCacheChanges() == [.added(answer)])
    }

    /// Linux delivers IPv6 multicast to every socket that joined the group on any interface. A multicast datagram
    /// from another interface is ignored (that interface's stack gets its own copy): counted here, a service on a
    /// newly joined interface was reported on an older one too.
    @Test func aMulticastDatagramFromAnotherInterfaceIsIgnored() throws {
        let harness = try MDNSHarness(interfaceIndex: 2)
        try harness.deliver(
            bytes: DNSMessage.response(answers: [answer]).encoded(), from: MDNSHarness.peer, to: MDNSHarness.multicast,
            arrivalInterface: 7)
        #expect(harness.log.events.isEmpty)
        try harness.deliver(
            bytes: DNSMessage.response(answers: [answer]).encoded(), from: MDNSHarness.peer, to: MDNSHarness.multicast,
            arrivalInterface: 2)
        #expect(harness.takeCacheChanges() == [.added(answer)])
    }
}
