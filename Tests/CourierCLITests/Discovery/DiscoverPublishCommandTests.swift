import CourierDiscovery
import CourierTesting
import Testing

@testable import CourierCLI

/// `courier discover publish --txt-from-stdin` in this process on a private mDNS port over the loopback interface.
@Suite struct DiscoverPublishCommandTests {
    @Test(arguments: [
        ("version=2.0", ["version=2.0"]),
        ("version=2.0 \"note=two words\" flag empty=", ["version=2.0", "note=two words", "flag", "empty="]),
        ("  a=1 \t b=2  ", ["a=1", "b=2"]),
        ("", []),
        ("   ", []),
        (#""quote=\"q\" and \\""#, [#"quote="q" and \"#]),
        (#""version=1.0" "k2=v 2""#, ["version=1.0", "k2=v 2"]),
    ])
    func aTXTLineSplitsIntoAttributesAsAvahiBrowsePrintsThem(line: String, attributes: [String]) throws {
        #expect(try TXTAttributeLine.attributes(of: line) == attributes)
    }

    @Test func anUnclosedQuoteIsABadArgument() {
        #expect(throws: DiscoveryError.self) { try TXTAttributeLine.attributes(of: #"version=2.0 "note=two"#) }
    }

    @Test func eachLineOfStandardInputReplacesThePublishedTXTRecord() async throws {
        let port = try PrivateLinks.takeUDPPort()
        let publisherOutput = StreamingCapture()
        let publisher = Task {
            await CourierCLI.run(
                arguments: [
                    "discover", "publish", "TXT Updates", "_associateHelp._tcp", "8080", "version=1.0",
                    "--txt-from-stdin", "--loopback", "--ipv4", "--mdns-port", "\(port)",
                ],
                io: publisherOutput.io())
        }
        try await publisherOutput.waitForOutput(containing: "published \"TXT Updates\" _associateHelp._tcp 8080")

        var configuration = DiscoveryConfiguration()
        configuration.interfaces = .loopbackOnly
        configuration.ipVersions = .v4
        configuration.port = port
        configuration.hostName = "courier-txt-monitor"
        let monitor = Discovery(configuration: configuration, eventLoopGroup: PrivateLinks.ownEventLoopGroup())
        try await monitor.start()
        let identity = try ServiceIdentity(name: "TXT Updates", type: "_associateHelp._tcp")
        // Each wait monitors afresh: a new monitor reports the cached record at once, then each change.
        func txt(where accepted: @escaping @Sendable ([String: String]) -> Bool) async throws -> [String: String] {
            try await firstTXT(of: try await monitor.monitorTXT(identity), where: accepted)
        }
        _ = try await txt { $0["version"] == "1.0" }

        publisherOutput.typeLine(#"version=2.0 "note=two words""#)
        try await publisherOutput.waitForOutput(containing: "updated TXT \"version=2.0\" \"note=two words\"\n")
        let updated = try await txt { $0["version"] == "2.0" }
        #expect(updated == ["version": "2.0", "note": "two words"])

        // A line that is not valid changes nothing and says why; the next valid one applies.
        publisherOutput.typeLine("=nokey")
        publisherOutput.typeLine("version=3.0")
        try await publisherOutput.waitForOutput(containing: "updated TXT \"version=3.0\"\n")
        let third = try await txt { $0["version"] == "3.0" }
        #expect(third == ["version": "3.0"])
        #expect(publisherOutput.standardError.hasPrefix("courier: warning: TXT not updated: "))

        // The end of input does not stop publishing; cancelling (Ctrl-C) does, with goodbyes, and exits 0.
        publisherOutput.endInput()
        publisher.cancel()
        #expect(await publisher.value == 0, "\(publisherOutput.standardError)")
        await monitor.shutdown()
        #expect(publisherOutput.standardOutput.split(separator: "\n").count == 3, "\(publisherOutput.standardOutput)")
    }

    /// The first TXT record (as text values) that `accepted` takes. The bound is a safety net against a hang, not a
    /// timing assertion.
    private func firstTXT(
        of records: AsyncStream<TXTRecord>, where accepted: @escaping @Sendable ([String: String]) -> Bool
    ) async throws -> [String: String] {
        try await withThrowingTaskGroup(of: [String: String]?.self) { group in
            group.addTask {
                for await record in records {
                    var values: [String: String] = [:]
                    for entry in record.entries {
                        values[entry.key] = entry.value.map { String(decoding: $0, as: UTF8.self) } ?? ""
                    }
                    if accepted(values) { return values }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                return nil
            }
            defer { group.cancelAll() }
            guard let values = try await group.next() ?? nil else {
                throw CaptureWaitTimedOut(needle: "a TXT record", output: "", error: "")
            }
            return values
        }
    }
}
