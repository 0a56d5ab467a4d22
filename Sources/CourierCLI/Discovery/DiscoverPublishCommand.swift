import ArgumentParser
import CourierDiscovery

/// `courier discover publish NAME TYPE PORT [KEY=VALUE…]`: announces a service until Ctrl-C, then says goodbye.
struct DiscoverPublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a service until interrupted.",
        discussion: """
            Prints published "FINAL NAME" TYPE PORT once the name is owned (after a conflict the name becomes \
            "Name (2)" unless --no-rename). Ctrl-C or SIGTERM sends goodbyes and exits 0.

            Example:
              courier discover publish "Kids Shoes" _associateHelp._tcp 8080 version=1.0
            """)

    @Argument(help: "The instance name (one label; dots and spaces allowed).")
    var name: String

    @Argument(help: "The service type, e.g. _http._tcp.")
    var type: String

    @Argument(help: "The port the service listens on.")
    var port: Int

    @Argument(help: "TXT attributes: key=value, key= (empty) or key (boolean).")
    var attributes: [String] = []

    @Flag(name: .customLong("no-rename"), help: "Fail instead of renaming when the name is taken.")
    var noRename = false

    @Option(help: ArgumentHelp("Stop after this many seconds.", visibility: .hidden))
    var timeout: Double?

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("PORT must be 1…65535") }
        do {
            _ = try ServiceIdentity(name: name, type: type)
            _ = try txtRecord()
        } catch {
            throw ValidationError(error.message)
        }
    }

    func txtRecord() throws(DiscoveryError) -> TXTRecord {
        var txt = TXTRecord()
        for attribute in attributes {
            if let separator = attribute.firstIndex(of: "=") {
                try txt.set(
                    String(attribute[..<separator]), to: String(attribute[attribute.index(after: separator)...]))
            } else {
                try txt.setFlag(attribute)
            }
        }
        return txt
    }

    func run() async throws {
        let io = CLIIO.current
        let discovery = discoveryOptions.makeDiscovery()
        let failure: DiscoveryError?
        do {
            failure = try await publishUntilSignal(discovery: discovery, io: io)
        } catch {
            failure = error
        }
        await discovery.shutdown()
        if let failure {
            io.writeError("courier: error: \(failure.message)\n")
            throw CLIExit(status: 1)
        }
    }

    /// Publishes, prints the final name, and waits for a signal or a failure; stopping sends the goodbyes.
    private func publishUntilSignal(discovery: Discovery, io: CLIIO) async throws(DiscoveryError) -> DiscoveryError? {
        try await discovery.start()
        let identity = try ServiceIdentity(name: name, type: type)
        let registration = try await discovery.publish(
            identity, port: port, txt: try txtRecord(), options: noRename ? .noAutoRename : [])
        let port = self.port
        let timeout = self.timeout.map { Duration.milliseconds(Int64($0 * 1000)) }
        let outcome = await withTaskGroup(of: DiscoveryError?.self) { group in
            group.addTask {
                for await event in registration.events {
                    switch event {
                    case .didPublish(let final):
                        io.writeOut("published \"\(final.name)\" \(final.type) \(port)\n")
                    case .didNotPublish(let error):
                        return error
                    default:
                        continue
                    }
                }
                return nil
            }
            group.addTask {
                await TerminationSignal.wait(timeout: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        await registration.stop()
        return outcome
    }
}
