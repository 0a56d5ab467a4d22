import CourierDiscovery
import CourierTesting
import Testing

@testable import CourierCLI

/// `courier discover types` in this process on a private mDNS port over the loopback interface.
@Suite struct DiscoverTypesCommandTests {
    @Test func listsTheTypesPublishedOnTheLinkOnceEach() async throws {
        let port = try PrivateLinks.takeUDPPort()
        var configuration = DiscoveryConfiguration()
        configuration.interfaces = .loopbackOnly
        configuration.ipVersions = .v4
        configuration.port = port
        configuration.hostName = "courier-types-test"
        let publisher = Discovery(configuration: configuration, eventLoopGroup: PrivateLinks.ownEventLoopGroup())
        try await publisher.start()
        // Two instances of one type and one of another: the type list names each type once.
        for (name, type) in [("Printer A", "_ipp._tcp"), ("Printer B", "_ipp._tcp"), ("Shop", "_associateHelp._tcp")] {
            let registration = try await publisher.publish(try ServiceIdentity(name: name, type: type), port: 631)
            for await event in registration.events {
                if case .didPublish = event { break }
                if case .didNotPublish(let error) = event { Issue.record("\(name): \(error)") }
            }
        }

        let capture = StreamingCapture()
        let types = Task {
            await CourierCLI.run(
                arguments: ["discover", "types", "--timeout", "600", "--loopback", "--ipv4", "--mdns-port", "\(port)"],
                io: capture.io())
        }
        try await capture.waitForOutput(containing: "_ipp._tcp")
        try await capture.waitForOutput(containing: "_associateHelp._tcp")
        // Cancelling stands in for Ctrl-C: the command stops listening and exits 0.
        types.cancel()
        #expect(await types.value == 0, "\(capture.standardError)")
        await publisher.shutdown()
        #expect(capture.standardOutput.split(separator: "\n").sorted() == ["_associateHelp._tcp", "_ipp._tcp"])
        #expect(capture.standardError.isEmpty)
    }
}
