import ArgumentParser
import CourierDiscovery

/// `courier discover resolve NAME TYPE`: prints host, addresses, port and TXT of one instance.
struct DiscoverResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a service instance to host, addresses, port and TXT.",
        discussion: "Example:\n  courier discover resolve \"Kids Shoes\" _associateHelp._tcp --timeout 5")

    @Argument(help: "The instance name.")
    var name: String

    @Argument(help: "The service type, e.g. _http._tcp.")
    var type: String

    @Option(help: "Give up after this many seconds (default 5).", transform: SecondsOption.parse)
    var timeout: Double = 5

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func validate() throws {
        do {
            _ = try ServiceIdentity(name: name, type: type)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        let io = CLIIO.current
        try await discoveryOptions.withStartedDiscovery(io: io) { discovery in
            let identity = try ServiceIdentity(name: name, type: type)
            let resolved = try await discovery.resolveOnce(identity, timeout: SecondsOption.duration(timeout))
            io.writeOut("name: \(identity.name)\n")
            io.writeOut("host: \(resolved.host)\n")
            io.writeOut(
                "addresses: \(resolved.addresses.map { ParseableFormat.text(of: $0, interface: resolved.interface) }.joined(separator: " "))\n"
            )
            io.writeOut("port: \(resolved.port)\n")
            io.writeOut("txt: \(resolved.txt)\n")
        }
    }
}
