import ArgumentParser
import Courier
import CourierSampleServer
import Foundation

/// `courier tour`: the README's first command. Starts the sample back end in this process on an ephemeral
/// loopback port and walks through the book, one short section per capability, then prints a table.
/// Exits 0 unless a section failed; a section that cannot run here (no multicast on the loopback interface) is
/// skipped with its reason.
struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "A guided tour of Courier against the embedded sample back end (offline, about ten seconds).",
        discussion: """
            Every section sends real requests over loopback to the sample back end running in this process and \
            checks what comes back. The exit status is 0 unless a section failed; a section that cannot run on \
            this machine (discovery without multicast on the loopback interface) is skipped and says why.

            Examples:
              courier tour
              courier tour --only cache --only auth
              courier tour --list
            """
    )

    @Option(name: .long, help: "Run only the sections whose key or title contains this text (repeatable).")
    var only: [String] = []

    @Flag(name: .long, help: "List the sections and exit.")
    var list = false

    @Flag(name: .shortAndLong, help: "Print only the final table.")
    var quiet = false

    func run() async throws {
        let io = CLIIO.current
        let style = TourStyle(colors: io.isOutputTerminal && io.environment["NO_COLOR"] == nil)
        var sections = TourSection.all
        if !only.isEmpty {
            sections = sections.filter { section in
                only.contains { filter in
                    section.key.localizedCaseInsensitiveContains(filter)
                        || section.title.localizedCaseInsensitiveContains(filter)
                }
            }
            guard !sections.isEmpty else {
                io.writeError(
                    "courier: error: no tour section matches \(only.joined(separator: ", ")); try courier tour --list\n"
                )
                throw CLIExit(status: CourierCLI.ExitStatus.usage)
            }
        }
        if list {
            for section in TourSection.all {
                io.writeOut("\(section.key.padding(toLength: 12, withPad: " ", startingAt: 0)) \(section.title)\n")
            }
            return
        }

        let server: RunningSampleServer
        do {
            server = try await SampleServer.start(.ephemeral(tls: true))
        } catch {
            io.writeError("courier: error: \(error)\n")
            throw CLIExit(status: CourierCLI.ExitStatus.failure)
        }
        let clock = ContinuousClock()
        let started = clock.now
        if !quiet {
            io.writeOut(
                style.bold("Courier tour")
                    + " — the sample back end runs in this process at \(server.baseURL.absoluteString)\n\n")
        }
        var results: [TourResult] = []
        for (index, section) in sections.enumerated() {
            if !quiet { io.writeOut(style.bold("\(index + 1). \(section.title)") + "\n") }
            let printsSteps = !quiet
            let context = TourContext(
                server: server,
                log: { line in
                    if printsSteps { io.writeOut("   " + line + "\n") }
                })
            let sectionStart = clock.now
            var outcome = TourResult.Outcome.passed
            var note = ""
            do {
                note = try await section.run(context)
            } catch let skip as TourSkip {
                outcome = .skipped
                note = skip.reason
            } catch {
                outcome = .failed
                note = "\(error)"
            }
            await context.close()
            let duration = clock.now - sectionStart
            results.append(TourResult(title: section.title, outcome: outcome, duration: duration, note: note))
            if !quiet {
                let mark: String
                switch outcome {
                case .passed: mark = style.green("✔ \(note)")
                case .skipped: mark = style.yellow("– skipped: \(note)")
                case .failed: mark = style.red("✘ \(note)")
                }
                io.writeOut("   \(mark)  \(style.dim(Self.format(duration)))\n\n")
            }
        }
        await server.stop()
        try? FileManager.default.removeItem(at: server.configuration.dataDirectory)
        try Self.report(results, total: clock.now - started, style: style, io: io)
    }

    /// Prints the summary table and the count line; a failed section also gets an error line, and the tour exits 1.
    /// Skipped sections neither pass nor fail: the count line names them.
    ///
    /// - Throws: `CLIExit` with status 1 when a section failed.
    static func report(_ results: [TourResult], total: Duration, style: TourStyle, io: CLIIO) throws {
        let titleWidth = max(10, results.map(\.title.count).max() ?? 10)
        io.writeOut(style.bold("Summary") + "\n")
        io.writeOut(
            "  " + "Capability".padding(toLength: titleWidth, withPad: " ", startingAt: 0) + "  Result   Time\n")
        for result in results {
            let title = result.title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
            let verdict: String
            switch result.outcome {
            case .passed: verdict = style.green("passed ")
            case .skipped: verdict = style.yellow("skipped")
            case .failed: verdict = style.red("FAILED ")
            }
            io.writeOut("  \(title)  \(verdict)  \(Self.format(result.duration))\n")
        }
        let passedCount = results.filter { $0.outcome == .passed }.count
        let skipped = results.filter { $0.outcome == .skipped }
        let failed = results.filter { $0.outcome == .failed }
        let skippedNote = skipped.isEmpty ? "" : " (\(skipped.count) skipped)"
        io.writeOut(
            "\n\(passedCount) of \(results.count) sections passed\(skippedNote) in \(Self.format(total)).\n")
        for result in skipped {
            io.writeOut("Skipped \"\(result.title)\": \(result.note)\n")
        }
        if failed.isEmpty == false {
            for result in failed {
                io.writeError("courier: tour section \"\(result.title)\" failed: \(result.note)\n")
            }
            throw CLIExit(status: CourierCLI.ExitStatus.failure)
        }
    }

    static func format(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        if milliseconds < 1000 { return String(format: "%.0f ms", milliseconds) }
        return String(format: "%.1f s", milliseconds / 1000)
    }
}

/// ANSI styling for the tour, on a terminal only.
struct TourStyle {
    var colors: Bool

    func wrap(_ text: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func bold(_ text: String) -> String { wrap(text, "1") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func dim(_ text: String) -> String { wrap(text, "2") }
}

/// What a tour section works with: the running server and a fresh session, and a line printer.
final class TourContext: Sendable {
    let server: RunningSampleServer
    let session: Session
    let credentials: CredentialStore
    let log: @Sendable (String) -> Void

    init(
        server: RunningSampleServer, log: @escaping @Sendable (String) -> Void,
        configure: (inout SessionConfiguration) -> Void = { _ in }
    ) {
        self.server = server
        self.log = log
        var configuration = SessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.retryPolicy = .none
        self.credentials = CredentialStore()
        configuration.urlCredentialStorage = self.credentials
        configure(&configuration)
        self.session = Session(configuration: configuration)
    }

    func url(_ path: String) -> URL { self.server.url(path) }

    /// Sends a request, printing `→ METHOD path` and `← status summary`.
    @discardableResult
    func send(_ request: Request, session: Session? = nil, expect status: Int? = 200) async throws -> Response {
        let path = request.url.path + (request.url.query.map { "?" + $0 } ?? "")
        self.log("→ \(request.method.rawValue) \(path)")
        let response = try await (session ?? self.session).data(for: request)
        let preview = Self.preview(response)
        var source = ""
        switch response.metrics?.transactionMetrics.last?.resourceFetchType {
        case .localCache?: source = " (from the cache)"
        case .conditionalCacheHit?: source = " (from the cache, after a 304)"
        default: break
        }
        self.log(
            "← \(response.status.code) \(response.status.reasonPhrase)\(source)\(preview.isEmpty ? "" : "  " + preview)"
        )
        if let status, response.status.code != status {
            throw TourFailure("expected status \(status), got \(response.status.code) for \(path)")
        }
        return response
    }

    func get(_ path: String, expect status: Int? = 200) async throws -> Response {
        try await self.send(Request(url: self.url(path)), expect: status)
    }

    static func preview(_ response: Response) -> String {
        guard let type = response.mimeType, type.contains("json") || type.hasPrefix("text/") || type.contains("xml"),
            var text = response.text
        else {
            let count = response.data.count
            return count > 0 ? "(\(count) bytes of \(response.mimeType ?? "data"))" : ""
        }
        text = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "")
        return text.count > 90 ? String(text.prefix(87)) + "..." : text
    }

    func close() async {
        await self.session.invalidateAndCancel()
    }
}

/// A failed expectation of the tour.
struct TourFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A section that cannot run on this machine, and why; the tour reports it skipped, not failed.
struct TourSkip: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { "skipped: \(reason)" }
}

/// How one section of the tour went.
struct TourResult: Sendable {
    enum Outcome: Sendable, Equatable {
        case passed
        case skipped
        case failed
    }

    var title: String
    var outcome: Outcome
    var duration: Duration
    /// The section's verdict, the reason it was skipped, or what failed.
    var note: String
}

func tourCheck(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw TourFailure(message()) }
}
