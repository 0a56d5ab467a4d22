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

            With --txt-from-stdin, each line read from standard input once the service is published replaces its \
            TXT record: KEY=VALUE, KEY= (empty) or KEY (boolean) separated by spaces, "double quotes" around an \
            attribute with spaces (\\" and \\\\ inside them); an empty line empties the record. The new record is \
            announced again without probing, and updated TXT "k=v" … is printed. A line that is not \
            valid is reported on standard error and changes nothing; the end of input does not stop publishing.

            Examples:
              courier discover publish "Kids Shoes" _associateHelp._tcp 8080 version=1.0
              printf 'version=2.0 "note=two words"\\n' | courier discover publish Shop _http._tcp 80 --txt-from-stdin
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

    @Flag(
        name: .customLong("txt-from-stdin"),
        help: "Replace the TXT record with each line read from standard input (KEY=VALUE …).")
    var txtFromStandardInput = false

    @Option(help: ArgumentHelp("Stop after this many seconds.", visibility: .hidden), transform: SecondsOption.parse)
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
        try Self.txtRecord(attributes: attributes)
    }

    /// A TXT record from `key=value`, `key=` and `key` attributes, in order.
    static func txtRecord(attributes: [String]) throws(DiscoveryError) -> TXTRecord {
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
        let timeout = self.timeout.map(SecondsOption.duration)
        let (published, publishedSignal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let outcome = await withTaskGroup(of: PublishOutcome.self) { group in
            group.addTask {
                for await event in registration.events {
                    switch event {
                    case .didPublish(let final):
                        io.writeOut("published \"\(final.name)\" \(final.type) \(port)\n")
                        publishedSignal.yield()
                    case .didNotPublish(let error):
                        return .failed(error)
                    default:
                        continue
                    }
                }
                return .stop
            }
            group.addTask {
                await TerminationSignal.wait(timeout: timeout)
                return .stop
            }
            if txtFromStandardInput {
                group.addTask {
                    await Self.applyTXTUpdates(from: io, to: registration, published: published)
                    return .inputEnded
                }
            }
            var first = PublishOutcome.stop
            while let next = await group.next() {
                if case .inputEnded = next { continue }
                first = next
                break
            }
            group.cancelAll()
            return first
        }
        publishedSignal.finish()
        await registration.stop()
        if case .failed(let error) = outcome { return error }
        return nil
    }

    private enum PublishOutcome {
        case failed(DiscoveryError)
        case stop
        /// Standard input ended; publishing goes on.
        case inputEnded
    }

    /// Once the service is published, replaces its TXT record with each line of standard input until it ends.
    private static func applyTXTUpdates(from io: CLIIO, to registration: Registration, published: AsyncStream<Void>)
        async
    {
        var isPublished = false
        for await _ in published {
            isPublished = true
            break
        }
        guard isPublished else { return }
        for await line in io.standardInputLines() {
            do throws(DiscoveryError) {
                let txt = try txtRecord(attributes: try TXTAttributeLine.attributes(of: line))
                try await registration.update(txt: txt)
                io.writeOut("updated TXT \(txt.description)\n")
            } catch {
                io.writeError("courier: warning: TXT not updated: \(error.message)\n")
            }
        }
    }
}
