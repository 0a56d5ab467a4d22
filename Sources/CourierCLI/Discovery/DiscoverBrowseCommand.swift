import ArgumentParser
import CourierDiscovery
import Synchronization

/// `courier discover browse TYPE`: lists instances as they come and go, like `avahi-browse`.
struct DiscoverBrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse for instances of a service type.",
        discussion: """
            With --parseable, prints avahi-browse's lines: +;IFACE;IPv4;NAME;TYPE;DOMAIN when found, -;… when \
            removed, and with --resolve =;IFACE;PROTO;NAME;TYPE;DOMAIN;HOST;ADDRESS;PORT;"k=v" when resolved and \
            again when its TXT record, port or addresses change. Runs until --timeout or Ctrl-C, then exits 0.

            Example:
              courier discover browse _associateHelp._tcp -rp --timeout 5
            """)

    @Argument(help: "The service type, e.g. _http._tcp.")
    var type: String

    @Flag(name: [.customShort("r"), .long], help: "Resolve each instance found.")
    var resolve = false

    @Flag(name: [.customShort("p"), .long], help: "One machine-readable line per event (avahi-browse -p).")
    var parseable = false

    @Option(help: "Stop after this many seconds (default: run until Ctrl-C).", transform: SecondsOption.parse)
    var timeout: Double?

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func validate() throws {
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
        // On a terminal, a table of what is present now, redrawn in place as it changes.
        let table: LiveBrowseTable? = parseable ? nil : LiveBrowseTable(type: type, resolves: resolve, io: io)
        table?.draw()
        let printer = Task {
            await withTaskGroup(of: Void.self) { group in
                var resolving: Set<ServiceIdentity> = []
                for await event in browser.linkEvents {
                    if let table {
                        table.apply(event)
                    } else {
                        io.writeOut(ParseableFormat.browseLine(event) + "\n")
                    }
                    guard resolve, event.kind == .found, resolving.insert(event.identity).inserted else { continue }
                    group.addTask {
                        await Self.resolveWhileBrowsing(event.identity, discovery: discovery, io: io, table: table)
                    }
                }
                group.cancelAll()
            }
        }
        await TerminationSignal.wait(timeout: timeout.map(SecondsOption.duration))
        await browser.stop()
        await discovery.shutdown()
        printer.cancel()
        await printer.value
    }

    /// How long a resolve may take before a warning says it did not resolve (it goes on regardless).
    static let resolveWarningDelay = Duration.seconds(5)

    /// Resolves `identity` until the command ends, as `avahi-browse -r` does: a `=` line per address when it
    /// resolves and again whenever its TXT record, port or addresses change. Warns once if nothing resolved within
    /// ``resolveWarningDelay``.
    private static func resolveWhileBrowsing(
        _ identity: ServiceIdentity, discovery: Discovery, io: CLIIO, table: LiveBrowseTable?
    ) async {
        // The browse ends by cancelling this task; the timeout only has to outlast any browse.
        guard let stream = try? await discovery.resolve(identity, timeout: .seconds(100 * 365 * 86_400)) else {
            return
        }
        let progress = ResolveProgress()
        let warnUnlessResolved: @Sendable () -> Void = {
            if progress.takeWarning() { io.writeError("courier: warning: \(identity.name) did not resolve\n") }
        }
        let warning = Task {
            try await Task.sleep(for: resolveWarningDelay)
            warnUnlessResolved()
        }
        defer { warning.cancel() }
        do {
            for try await resolved in stream {
                progress.markResolved()
                if let table {
                    table.apply(resolved)
                    continue
                }
                for line in ParseableFormat.resolvedLines(resolved) {
                    io.writeOut(line + "\n")
                }
            }
        } catch {
            warnUnlessResolved()
        }
    }

    /// Whether a resolve succeeded, and whether its warning was given: once, by whichever comes first of the delay
    /// and the stream's end (discovery shutting down before anything resolved).
    private final class ResolveProgress: Sendable {
        private let state = Mutex((resolved: false, warned: false))

        func markResolved() {
            state.withLock { $0.resolved = true }
        }

        /// Whether to warn now: nothing resolved and no warning given yet.
        func takeWarning() -> Bool {
            state.withLock { state in
                defer { state.warned = true }
                return state.resolved == false && state.warned == false
            }
        }
    }
}

/// A ``BrowseTable`` shared by the browse and its resolves, drawn after every change.
final class LiveBrowseTable: Sendable {
    private let table: Mutex<BrowseTable>
    private let io: CLIIO

    init(type: String, resolves: Bool, io: CLIIO) {
        self.table = Mutex(BrowseTable(type: type, resolves: resolves))
        self.io = io
    }

    /// Each drawing is written under the lock, so that drawings reach the terminal in the order they were made.
    func draw() {
        table.withLock { io.writeOut($0.redraw()) }
    }

    func apply(_ event: LinkBrowseEvent) {
        table.withLock { table in
            table.apply(event)
            io.writeOut(table.redraw())
        }
    }

    func apply(_ resolved: ResolvedService) {
        table.withLock { table in
            table.apply(resolved)
            io.writeOut(table.redraw())
        }
    }
}
