import ArgumentParser
import CourierLinks
import Foundation

/// `courier links open URL`: the receiving end of a registered scheme (what the `.desktop` file's
/// `Exec` line runs), or with `--desktop` the sending end.
struct LinksOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Dispatch a URL to its route, as the handler the desktop launched (or hand it to the desktop).",
        discussion: """
            Without --desktop, courier is the program launched for the URL: acme-directory: and acme-records: \
            URLs go through the Acme suite's routes (validation first; unknown routes, bad parameters and bad \
            payloads are errors, exit 1), and URLs of any other scheme are printed part by part.

            With --desktop, the URL goes to whatever handles its scheme: through xdg-open in a desktop session, \
            otherwise by running the registered Exec line directly, as xdg-open would.
            """
    )

    @Argument(help: "The URL, such as acme-directory://employee/1.")
    var url: String

    @Flag(name: .long, help: "Hand the URL to the desktop's handler instead of dispatching it here.")
    var desktop = false

    @Option(name: .customLong("source-application"), help: "The program that opened the URL, for the handler.")
    var sourceApplication: String?

    func run() async throws {
        if desktop {
            try await handToDesktop()
            return
        }
        let parsed = try LinkURL(url)
        let router = try AcmeSuite(environment: CLIIO.current.environment).router()
        guard router.schemes.contains(parsed.scheme) else {
            CLIIO.current.writeOut(Self.describe(parsed))
            return
        }
        let line = try await router.dispatch(url, launch: .launched, sourceApplication: sourceApplication)
        CLIIO.current.writeOut(line + "\n")
    }

    private func handToDesktop() async throws {
        let integration = DesktopIntegration(environment: CLIIO.current.environment)
        if integration.hasDesktopSession {
            try await integration.open(url)
            CLIIO.current.writeOut("handed \(url) to the desktop\n")
            return
        }
        let result = try await integration.launchHandler(for: url)
        CLIIO.current.writeOut(result.standardOutput)
        CLIIO.current.writeError(result.standardError)
        if !result.succeeded {
            throw CLIExit(status: result.exitStatus)
        }
    }

    static func describe(_ url: LinkURL) -> String {
        var lines = ["received \(url.string)", "  scheme: \(url.scheme)"]
        if let host = url.host {
            lines.append("  host: \(host)")
        }
        for (index, segment) in url.pathSegments.enumerated() {
            lines.append("  path[\(index)]: \(segment)")
        }
        for item in url.queryItems {
            lines.append("  query: \(item.name)" + (item.value.map { " = \($0)" } ?? ""))
        }
        if let fragment = url.fragment {
            lines.append("  fragment: \(fragment)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
