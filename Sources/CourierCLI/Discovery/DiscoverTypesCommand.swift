import ArgumentParser
import CourierDiscovery

/// `courier discover types`: lists the service types advertised on the link.
struct DiscoverTypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the service types advertised on the link.",
        discussion: "Example:\n  courier discover types --timeout 3")

    @Option(help: "Listen this many seconds.")
    var timeout: Double = 3

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() async throws {
        let io = CLIIO.current
        let discovery = discoveryOptions.makeDiscovery()
        do {
            try await discovery.start()
            let types = try await discovery.browseServiceTypes()
            let printer = Task {
                for await event in types {
                    if case .found(let type) = event {
                        io.writeOut("\(type)\n")
                    }
                }
            }
            await TerminationSignal.wait(timeout: .milliseconds(Int64(timeout * 1000)))
            await discovery.shutdown()
            await printer.value
        } catch {
            await discovery.shutdown()
            io.writeError("courier: error: \(error.message)\n")
            throw CLIExit(status: 1)
        }
    }
}
