import ArgumentParser
import CourierDiscovery

/// `courier discover types`: lists the service types advertised on the link.
struct DiscoverTypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the service types advertised on the link.",
        discussion: "Example:\n  courier discover types --timeout 3")

    @Option(help: "Listen this many seconds (default 3).", transform: SecondsOption.parse)
    var timeout: Double = 3

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func run() async throws {
        let io = CLIIO.current
        // The printer ends when the discovery shuts down.
        let printer = try await discoveryOptions.withStartedDiscovery(io: io) { discovery in
            let types = try await discovery.browseServiceTypes()
            let printer = Task {
                for await event in types {
                    if case .found(let type) = event {
                        io.writeOut("\(type)\n")
                    }
                }
            }
            await TerminationSignal.wait(timeout: SecondsOption.duration(timeout))
            return printer
        }
        await printer.value
    }
}
