import ArgumentParser
import CourierDiscovery
import NIOCore

/// `courier discover consumer`: the book's Consumer Help app. It browses `_associateHelp._tcp`, resolves the first
/// associate, checks its TXT version, connects and asks for help.
struct DiscoverConsumerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consumer",
        abstract: "Run the book's Consumer Help demo: find an associate and ask for help.",
        discussion: "Needs `courier discover associate` running on the link.")

    @Option(help: "Give up after this many seconds without an associate (default 10).", transform: SecondsOption.parse)
    var timeout: Double = 10

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func run() async throws {
        let io = CLIIO.current
        let limit = SecondsOption.duration(timeout)
        try await discoveryOptions.withStartedDiscovery(io: io) { discovery in
            let browser = try await discovery.browse(type: HelpConversation.serviceType)
            let found = await FirstEvent.first(in: browser.events, within: limit) { event in
                if case .found(let identity, _) = event { return identity }
                return nil
            }
            await browser.stop()
            guard let associate = found else {
                throw DiscoveryError(.timeout, "no associate found within \(timeout) s")
            }
            io.writeOut("found associate \"\(associate.name)\"\n")
            let resolved = try await discovery.resolveOnce(associate, timeout: limit)
            if resolved.txt["version"] != "1.0" {
                io.writeError("courier: warning: associate speaks version \(resolved.txt["version"] ?? "none")\n")
            }
            let connection = try await discovery.connect(to: associate, timeout: limit)
            io.writeOut("connected to \(connection.channel.remoteAddress?.description ?? "associate")\n")
            let reply = try await connection.executeThenClose { replies, requests in
                try await requests.write(ByteBuffer(string: HelpConversation.request + "\n"))
                return try await HelpConversation.readLine(from: replies)
            }
            io.writeOut("associate replied: \(reply ?? "(nothing)")\n")
        }
    }
}
