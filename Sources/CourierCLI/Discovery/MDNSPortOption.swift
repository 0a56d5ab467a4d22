import ArgumentParser

/// The hidden `--mdns-port` option that `courier discover` and `courier peers` share, so tests can use a private port.
struct MDNSPortOption: ParsableArguments {
    @Option(
        name: .customLong("mdns-port"),
        help: ArgumentHelp("The mDNS port (tests use a private one).", visibility: .hidden))
    var port: Int = 5353

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--mdns-port must be 1…65535") }
    }
}
