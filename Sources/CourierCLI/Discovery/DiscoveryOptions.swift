import ArgumentParser
import CourierDiscovery

/// Options every `courier discover` command shares: which interfaces and IP versions to use.
struct DiscoveryOptions: ParsableArguments {
    @Option(name: .customLong("interface"), help: "Use only this interface (repeatable), e.g. eth0.")
    var interfaces: [String] = []

    @Flag(name: .customLong("loopback"), help: "Stay on the loopback interface (works without a network).")
    var loopbackOnly = false

    @Flag(name: .customLong("ipv4"), help: "Use IPv4 only.")
    var ipv4Only = false

    @Flag(name: .customLong("ipv6"), help: "Use IPv6 only.")
    var ipv6Only = false

    @OptionGroup var mdns: MDNSPortOption

    func validate() throws {
        guard !(ipv4Only && ipv6Only) else { throw ValidationError("--ipv4 and --ipv6 exclude each other") }
    }

    func makeDiscovery() -> Discovery {
        var configuration = DiscoveryConfiguration()
        if loopbackOnly {
            configuration.interfaces = .loopbackOnly
        } else if interfaces.isEmpty == false {
            configuration.interfaces = .named(interfaces)
        }
        if ipv4Only { configuration.ipVersions = .v4 }
        if ipv6Only { configuration.ipVersions = .v6 }
        configuration.port = mdns.port
        return Discovery(configuration: configuration)
    }

    /// Runs `body` with a started ``Discovery`` and shuts it down after, whether `body` returned or threw. A failure
    /// is printed as `courier: error: …` (a ``DiscoveryError`` by its message) and exits with status 1.
    func withStartedDiscovery<Result>(io: CLIIO, _ body: (Discovery) async throws -> Result) async throws -> Result {
        let discovery = makeDiscovery()
        do {
            try await discovery.start()
            let result = try await body(discovery)
            await discovery.shutdown()
            return result
        } catch {
            await discovery.shutdown()
            io.writeError("courier: error: \((error as? DiscoveryError)?.message ?? "\(error)")\n")
            throw CLIExit(status: 1)
        }
    }
}
