import ArgumentParser
import CourierServices
import Foundation

/// `courier services tester --locator URL`: the book's Façade Tester. Loads the weather and the stock quote
/// in versions 1 and 2 through the service locator (`service://` URLs), decodes each contract, prints one
/// line per service, and reports load errors and parse errors apart.
struct ServicesTesterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tester",
        abstract: "Load weather and stock quotes, v1 and v2, through a service locator and check their contracts.",
        discussion: """
            Each service is asked for through a service://NAME/VERSION/ARGUMENT URL that the locator document \
            resolves. A service that cannot be reached (or that the locator does not list) is a load error; one \
            that answers something other than its contract (v1 sends its numbers as strings, v2 as numbers) is \
            a parse error. Exit status 1 when the locator or any service failed.

            Example:
              courier services tester --locator http://127.0.0.1:8080/locator/dev.json
            """
    )

    @Option(
        name: .long,
        help: "The service locator document: an http or https URL (:8080/path means http://localhost:8080/path).")
    var locator: String

    @Option(name: .long, help: "The zip code to ask the weather service about.")
    var zip: String = "23219"

    @Option(name: .long, help: "The ticker symbol to ask the stock quote service about.")
    var ticker: String = "AAPL"

    @Option(name: .long, help: "Seconds each request may stay idle.")
    var timeout: Int = 15

    /// The locator URL with httpie's shorthands completed, as the request command reads URLs.
    var locatorURL: URL? { URL(string: RequestCommand.completeURLText(self.locator, https: false)) }

    func validate() throws {
        guard let url = self.locatorURL, let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw ValidationError("--locator must be an http or https URL, not \"\(self.locator)\".")
        }
        guard (1...3600).contains(self.timeout) else {
            throw ValidationError("--timeout must be between 1 and 3600 seconds.")
        }
        guard !self.zip.isEmpty, !self.ticker.isEmpty else {
            throw ValidationError("--zip and --ticker must not be empty.")
        }
    }

    func run() async throws {
        let io = CLIIO.current
        guard let locatorURL = self.locatorURL else { throw CLIExit(status: CourierCLI.ExitStatus.usage) }
        let tester = FacadeTester(
            locatorURL: locatorURL, zip: self.zip, ticker: self.ticker, timeout: TimeInterval(self.timeout))
        let outcomes: [FacadeTester.Outcome]
        do {
            outcomes = try await tester.run()
        } catch let error as ServiceLocatorError {
            io.writeError(ErrorLine.other(error.description) + "\n")
            throw CLIExit(status: CourierCLI.ExitStatus.failure)
        }
        let width = outcomes.map(\.label.count).max() ?? 0
        var failed = false
        for outcome in outcomes {
            let label = outcome.label.padding(toLength: width, withPad: " ", startingAt: 0)
            switch outcome.result {
            case .success(let summary):
                io.writeOut("\(label)  \(summary)\n")
            case .failure(let failure):
                failed = true
                io.writeOut("\(label)  FAILED (\(failure.kindText))\n")
                let (verb, reason): (String, String) =
                    switch failure {
                    case .couldNotLoad(let reason): ("could not load", reason)
                    case .couldNotParse(let reason): ("could not parse", reason)
                    }
                io.writeError(ErrorLine.other("\(verb) \(outcome.label) (\(outcome.url)): \(reason)") + "\n")
            }
        }
        if failed { throw CLIExit(status: CourierCLI.ExitStatus.failure) }
    }
}

extension FacadeTester.Failure {
    /// "load error" or "parse error".
    var kindText: String {
        switch self {
        case .couldNotLoad: return "load error"
        case .couldNotParse: return "parse error"
        }
    }
}
