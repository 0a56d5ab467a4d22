import NIOCore
import NIOPosix
import Testing

@testable import CourierDiscovery

/// Two `Discovery` instances in one process on a private mDNS port over the loopback interface: real sockets,
/// real multicast, nothing leaves the host.
@Suite struct DiscoveryLoopbackTests {
    private func pair() async throws -> (Discovery, Discovery) {
        let port = try privateMDNSPort()
        let a = loopbackDiscovery(port: port, host: "courier-a")
        let b = loopbackDiscovery(port: port, host: "courier-b")
        try await a.start()
        try await b.start()
        return (a, b)
    }

    @Test func browseResolveAndGoodbyeAcrossInstances() async throws {
        let (a, b) = try await pair()
        let identity = try ServiceIdentity(name: "Dept. 4 — Café", type: "_associateHelp._tcp")
        let registration = try await a.publish(identity, port: 8080, txt: ["version": "1.0"])
        let published = try await firstElement(of: registration.events, "didPublish") {
            if case .didPublish = $0 { true } else { false }
        }
        #expect(published == .didPublish(identity))

        let browser = try await b.browse(type: "_associateHelp._tcp")
        let found = try await firstElement(of: browser.events, "found") {
            if case .found = $0 { true } else { false }
        }
        #expect(found == .found(identity, moreComing: false))

        let resolved = try await b.resolveOnce(identity)
        #expect(resolved.port == 8080)
        #expect(resolved.txt["version"] == "1.0")
        #expect(resolved.host == (try DNSName("courier-a.local.")))
        #expect(resolved.addresses.compactMap(\.ipAddress).contains("127.0.0.1"))

        await registration.stop()
        let removed = try await firstElement(of: browser.events, "removed") {
            if case .removed = $0 { true } else { false }
        }
        #expect(removed == .removed(identity, moreComing: false))
        await browser.stop()
        await a.shutdown()
        await b.shutdown()
    }

    /// On a loaded machine the whole probe sequence can end before `publish` learns the engine's id for the
    /// registration; its events must still reach the caller. The pause holds `publish` until another instance
    /// has seen the service announced, which comes after `didPublish`.
    @Test func eventsSentBeforePublishReturnsAreDelivered() async throws {
        let (a, b) = try await pair()
        let identity = try ServiceIdentity(name: "Early Bird", type: "_associateHelp._tcp")
        let browser = try await b.browse(type: "_associateHelp._tcp")
        await a.setPublishPause {
            _ = try? await firstElement(of: browser.events, "found") { if case .found = $0 { true } else { false } }
        }
        let registration = try await a.publish(identity, port: 8080)
        let published = try await firstElement(of: registration.events, "didPublish") {
            if case .didPublish = $0 { true } else { false }
        }
        #expect(published == .didPublish(identity))
        await browser.stop()
        await a.shutdown()
        await b.shutdown()
    }

    @Test func conflictingNameIsRenamedOrRefused() async throws {
        let (a, b) = try await pair()
        let identity = try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
        let first = try await a.publish(identity, port: 1000)
        _ = try await firstElement(of: first.events, "didPublish") { if case .didPublish = $0 { true } else { false } }

        let second = try await b.publish(identity, port: 2000)
        let renamed = try await firstElement(of: second.events, "didPublish") {
            if case .didPublish = $0 { true } else { false }
        }
        #expect(renamed == .didPublish(try identity.renamed("Kids Shoes (2)")))

        let refused = try await b.publish(identity, port: 3000, options: .noAutoRename)
        let failure = try await firstElement(of: refused.events, "didNotPublish") {
            if case .didNotPublish = $0 { true } else { false }
        }
        guard case .didNotPublish(let error) = failure else { return }
        #expect(error.code == .collision)
        await a.shutdown()
        await b.shutdown()
    }

    @Test func txtUpdatesAreMonitoredAndTypesListed() async throws {
        let (a, b) = try await pair()
        let identity = try ServiceIdentity(name: "Printer", type: "_ipp._tcp")
        let registration = try await a.publish(identity, port: 631, txt: ["paper": "A4"])
        _ = try await firstElement(of: registration.events, "didPublish") {
            if case .didPublish = $0 { true } else { false }
        }
        let types = try await b.browseServiceTypes()
        let type = try await firstElement(of: types, "type") { _ in true }
        #expect(type == .found(try ServiceType("_ipp._tcp")))

        let monitor = try await b.monitorTXT(identity)
        let initial = try await firstElement(of: monitor, "initial TXT") { $0["paper"] == "A4" }
        #expect(initial["paper"] == "A4")
        try await registration.update(txt: ["paper": "Letter"])
        let updated = try await firstElement(of: monitor, "updated TXT") { $0["paper"] == "Letter" }
        #expect(updated.entries.count == 1)
        await a.shutdown()
        await b.shutdown()
    }

    @Test func connectResolvesAndOpensATCPConnection() async throws {
        let (a, b) = try await pair()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        let identity = try ServiceIdentity(name: "Associate", type: "_associateHelp._tcp")
        let registration = try await a.publish(identity, port: port)
        _ = try await firstElement(of: registration.events, "didPublish") {
            if case .didPublish = $0 { true } else { false }
        }
        let connection = try await b.connect(to: identity)
        #expect(connection.channel.remoteAddress?.port == port)
        try await connection.channel.close()
        try await server.close()
        await a.shutdown()
        await b.shutdown()
    }

    @Test func listenForConnectionsAdvertisesTheKernelPortAndReportsConnections() async throws {
        let (a, b) = try await pair()
        let identity = try ServiceIdentity(name: "Listening", type: "_associateHelp._tcp")
        let registration = try await a.publish(identity, port: 0, options: .listenForConnections)
        _ = try await firstElement(of: registration.events, "didPublish") {
            if case .didPublish = $0 { true } else { false }
        }
        let resolved = try await b.resolveOnce(identity)
        #expect(resolved.port > 0)
        let client = try await b.connect(to: identity)
        let accepted = try await firstElement(of: registration.events, "didAcceptConnection") {
            if case .didAcceptConnection = $0 { true } else { false }
        }
        guard case .didAcceptConnection(let connection) = accepted else { return }
        #expect(connection.channel.channel.localAddress?.port == resolved.port)
        try await client.executeThenClose { _, outbound in
            try await outbound.write(ByteBuffer(string: "hello"))
        }
        try await connection.channel.executeThenClose { inbound, _ in
            var received = ""
            for try await buffer in inbound {
                received += String(buffer: buffer)
                if received.count >= 5 { break }
            }
            #expect(received == "hello")
        }
        await a.shutdown()
        await b.shutdown()
    }

    @Test func resolveOfAMissingServiceTimesOut() async throws {
        let (_, b) = try await pair()
        let identity = try ServiceIdentity(name: "Nobody", type: "_none._tcp")
        await #expect(throws: DiscoveryError.self) {
            _ = try await b.resolveOnce(identity, timeout: .milliseconds(300))
        }
        await b.shutdown()
    }

    @Test func invalidHostNameIsRefused() async throws {
        let discovery = loopbackDiscovery(port: try privateMDNSPort(), host: String(repeating: "h", count: 64))
        await #expect(throws: DiscoveryError.self) { try await discovery.start() }
        let dotted = loopbackDiscovery(port: try privateMDNSPort(), host: "a.b")
        await #expect(throws: DiscoveryError.self) { try await dotted.start() }
    }

    @Test func misuseThrowsBadArgumentOrInvalid() async throws {
        let discovery = loopbackDiscovery(port: try privateMDNSPort(), host: "courier-c")
        await #expect(throws: DiscoveryError(.invalid, "call start() before browse")) {
            _ = try await discovery.browse(type: "_http._tcp")
        }
        try await discovery.start()
        await #expect(throws: DiscoveryError.self) {
            _ = try await discovery.browse(type: "_http._tcp", domain: "example.com")
        }
        let identity = try ServiceIdentity(name: "x", type: "_http._tcp")
        await #expect(throws: DiscoveryError(.badArgument, "port 0 is outside 1…65535")) {
            _ = try await discovery.publish(identity, port: 0)
        }
        await discovery.shutdown()
    }

    @Test func runServesUntilCancelledAndDomainsStartWithLocal() async throws {
        let port = try privateMDNSPort()
        let (logger, messages) = LogMessages.logger()
        let discovery = loopbackDiscovery(port: port, host: "courier-run", logger: logger)
        let running = Task { try await discovery.run() }
        // run() starts on its own task; the line start() logs once it has started is the event to await.
        _ = try await firstElement(of: messages, "discovery started") { $0 == "discovery started" }
        let stream = try await discovery.browseDomains(.browsable)
        let first = try await firstElement(of: stream, "local.") { _ in true }
        #expect(first == "local.")
        running.cancel()
        try await running.value
        await #expect(throws: DiscoveryError.self) { _ = try await discovery.browseDomains(.browsable) }
    }
}
