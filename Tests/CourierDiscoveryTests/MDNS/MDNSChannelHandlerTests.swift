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
}
