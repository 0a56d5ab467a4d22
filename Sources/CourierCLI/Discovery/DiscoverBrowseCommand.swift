import ArgumentParser
import CourierDiscovery

/// `courier discover browse TYPE`: lists instances as they come and go, like `avahi-browse`.
struct DiscoverBrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse for instances of a service type.",
        discussion: """
            With --parseable, prints avahi-browse's lines: +;IFACE;IPv4;NAME;TYPE;DOMAIN when found, -;… when \
            removed, and with --resolve =;IFACE;PROTO;NAME;TYPE;DOMAIN;HOST;ADDRESS;PORT;"k=v". Runs until \
            --timeout or Ctrl-C, then exits 0.

            Example:
              courier discover browse _associateHelp._tcp -rp --timeout 5
            """)

    @Argument(help: "The service type, e.g. _http._tcp.")
    var type: String

    @Flag(name: [.customShort("r"), .long], help: "Resolve each instance found.")
    var resolve = false

    @Flag(name: [.customShort("p"), .long], help: "One machine-readable line per event (avahi-browse -p).")
    var parseable = false

    @Option(help: "Stop after this many seconds (default: run until Ctrl-C).")
    var timeout: Double?

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func validate() throws {
        if let timeout, timeout <= 0 { throw ValidationError("--timeout must be positive") }
        do {
            _ = try ServiceType(type)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        let io = CLIIO.current
        let discovery = discoveryOptions.makeDiscovery()
        do {
            try await discovery.start()
        } catch {
            io.writeError("courier: error: \(error.message)\n")
            throw CLIExit(status: 1)
        }
        let browser = try await discovery.browse(type: type)
        let parseable = self.parseable || io.isOutputTerminal == false
        let resolve = self.resolve
        let printer = Task {
            await withTaskGroup(of: Void.self) { group in
                var resolving: Set<ServiceIdentity> = []
                for await event in browser.linkEvents {
                    io.writeOut(
                        (parseable ? ParseableFormat.browseLine(event) : ParseableFormat.humanLine(event)) + "\n")
                    guard resolve, event.kind == .found, resolving.insert(event.identity).inserted else { continue }
                    group.addTask {
                        guard let stream = try? await discovery.resolve(event.identity) else { return }
                        do {
                            for try await resolved in stream {
                                for line in ParseableFormat.resolvedLines(resolved) {
                                    io.writeOut(line + "\n")
                                }
                            }
                        } catch {
                            io.writeError("courier: warning: \(event.identity.name) did not resolve\n")
                        }
                    }
                }
                group.cancelAll()
            }
        }
        await TerminationSignal.wait(timeout: timeout.map { .milliseconds(Int64($0 * 1000)) })
        await browser.stop()
        await discovery.shutdown()
        printer.cancel()
        await printer.value
    }
}
