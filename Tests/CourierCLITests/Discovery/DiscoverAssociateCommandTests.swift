import CourierTesting
import Testing

@testable import CourierCLI

/// `courier discover associate` and `consumer`, the book's Associate Help demo, run in this process on a private
/// mDNS port over the loopback interface: real sockets and multicast, no privileges, nothing leaves the host.
@Suite struct DiscoverAssociateCommandTests {
    @Test func consumerFindsTheAssociateAsksForHelpAndTheAssociatePublishesAgain() async throws {
        let link = ["--loopback", "--ipv4", "--mdns-port", String(try PrivateLinks.takeUDPPort())]
        let associateOutput = StreamingCapture()
        let associate = Task {
            await CourierCLI.run(
                arguments: ["discover", "associate", "--name", "Test Associate"] + link, io: associateOutput.io())
        }
        try await associateOutput.waitForOutput(containing: "published \"Test Associate\" _associateHelp._tcp ")

        let consumerOutput = StreamingCapture()
        let consumerStatus = await CourierCLI.run(
            arguments: ["discover", "consumer", "--timeout", "60"] + link, io: consumerOutput.io())
        #expect(consumerStatus == 0, "\(consumerOutput.standardOutput) \(consumerOutput.standardError)")
        let consumerLines = consumerOutput.standardOutput.split(separator: "\n").map(String.init)
        #expect(consumerLines.first == "found associate \"Test Associate\"")
        #expect(consumerLines.contains { $0.hasPrefix("connected to ") && $0.contains("127.0.0.1") })
        #expect(consumerLines.last == "associate replied: \(HelpConversation.reply)")

        // The associate withdrew itself while helping and publishes again once the consumer is served.
        try await associateOutput.waitForOutput(containing: "published \"Test Associate\"", count: 2)
        associate.cancel()
        #expect(await associate.value == 0, "\(associateOutput.standardError)")
        let associateLines = associateOutput.standardOutput.split(separator: "\n").map(String.init)
        #expect(associateLines.count == 4, "\(associateLines)")
        #expect(
            associateLines.dropFirst().first.map { $0.hasPrefix("helping consumer at ") && $0.contains("127.0.0.1") }
                == true)
        #expect(associateLines.dropFirst(2).first == "consumer asks: \(HelpConversation.request)")
        #expect(associateOutput.standardError.isEmpty)
    }

    @Test func consumerWithoutAnAssociateGivesUpWithOneErrorLine() async throws {
        let port = String(try PrivateLinks.takeUDPPort())
        let capture = StreamingCapture()
        let status = await CourierCLI.run(
            arguments: ["discover", "consumer", "--timeout", "0.3", "--loopback", "--ipv4", "--mdns-port", port],
            io: capture.io())
        #expect(status == 1)
        #expect(capture.standardOutput.isEmpty)
        #expect(capture.standardError == "courier: error: no associate found within 0.3 s\n")
    }

    @Test(arguments: [
        ["associate", "--name", String(repeating: "n", count: 64)],
        ["associate", "--name", ""],
        ["consumer", "--timeout", "0"],
        ["types", "--timeout", "0"],
        ["types", "--mdns-port", "0"],
        ["associate", "--ipv4", "--ipv6"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) async {
        let capture = StreamingCapture()
        #expect(await CourierCLI.run(arguments: ["discover"] + arguments, io: capture.io()) == 2)
        #expect(capture.standardError.hasPrefix("courier: error: "), "\(capture.standardError)")
        #expect(capture.standardOutput.isEmpty)
    }
}
