import ArgumentParser
import Courier
import Foundation

/// The `courier` command line, as a library so tests can run it in-process.
public enum CourierCLI {
    /// Exit statuses (httpie's where it has them).
    public enum ExitStatus {
        /// Everything went as asked.
        public static let success: Int32 = 0
        /// A failure with no status of its own: a transport error, a file that cannot be written, a failed step of the
        /// tour.
        public static let failure: Int32 = 1
        /// The command line itself is wrong: an unknown option, a missing or malformed argument (as in httpie).
        public static let usage: Int32 = 2
        /// With `--check-status`, a 3xx response that was not followed.
        public static let redirect3xx: Int32 = 3
        /// With `--check-status`, a 4xx response.
        public static let clientError4xx: Int32 = 4
        /// With `--check-status`, a 5xx response.
        public static let serverError5xx: Int32 = 5
        /// More redirects than `--max-redirects` allows (the error code `httpTooManyRedirects`).
        public static let tooManyRedirects: Int32 = 6
        /// A request or download that timed out (httpie's 2, shared with usage errors).
        public static let timeout: Int32 = 2
        /// Ctrl-C (128 + SIGINT).
        public static let interrupted: Int32 = 130
    }

    /// The options of the request form, for `courier --help`: the default command's flags are the ones most
    /// people need, and errors point to `courier --help` for them.
    static func requestOptionsHelp() -> String {
        let help = RequestCommand.helpMessage()
        guard let options = help.range(of: "OPTIONS:") else { return "" }
        let list = String(help[options.upperBound...]).trimmingCharacters(in: .newlines)
        return "REQUEST OPTIONS (courier [METHOD] URL [ITEM ...]; items: courier request --help):\n" + list
    }

    /// The exit status for a library error: 6 for too many redirects, 2 for a timeout, 1 otherwise.
    static func exitStatus(for error: CourierError) -> Int32 {
        switch error.code {
        case .httpTooManyRedirects: ExitStatus.tooManyRedirects
        case .timedOut: ExitStatus.timeout
        default: ExitStatus.failure
        }
    }

    /// Parses `arguments` (without the program name), runs the command and returns the exit status.
    /// Every failure is one line on stderr (``ErrorLine``), never a stack trace: usage errors return 2
    /// (swift-argument-parser's 64 is remapped, as httpie does), timeouts 2, too many redirects 6, Ctrl-C during
    /// a request or download 130, anything else 1.
    public static func run(arguments: [String], io: CLIIO = .standard) async -> Int32 {
        await CLIIO.$current.withValue(io) {
            if let script = CompletionCommand.script(for: arguments) {
                io.writeOut(script)
                return ExitStatus.success
            }
            do {
                var command = try CourierCommand.parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return ExitStatus.success
            } catch let exit as CLIExit {
                return exit.status
            } catch let error as CourierError {
                io.writeError(ErrorLine.transport(error) + "\n")
                return exitStatus(for: error)
            } catch {
                let code = CourierCommand.exitCode(for: error)
                if code == .success {
                    // --help and --version.
                    var message = CourierCommand.fullMessage(for: error)
                    if ["--help", "-h", "help"].contains(arguments.first), arguments.count == 1 {
                        message += "\n\n" + requestOptionsHelp()
                    }
                    io.writeOut(message + "\n")
                    return ExitStatus.success
                }
                if code == .validationFailure || error is ValidationError || code.rawValue == 64 {
                    io.writeError(
                        ErrorLine.usage(CourierCommand.message(for: error), isParseError: !(error is ValidationError))
                            + "\n")
                    return ExitStatus.usage
                }
                io.writeError(ErrorLine.other(CourierCommand.message(for: error)) + "\n")
                return ExitStatus.failure
            }
        }
    }
}

/// Ends a command with a status after it printed what it had to say.
struct CLIExit: Error {
    var status: Int32
}

/// The root command: a request when no subcommand is named.
struct CourierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "Courier: HTTP requests, downloads and the networking toolkit, from the command line.",
        discussion: """
            Make a request (the default):
              courier https://httpbin.org/get
              courier POST :8080/items name=pen price:=1.5 X-Trace:on
            """,
        version: CourierVersion.string,
        subcommands: [
            RequestCommand.self, DownloadCommand.self, ServeCommand.self, TourCommand.self, BenchCommand.self,
            LinksCommand.self, DiscoverCommand.self, PeersCommand.self, SocketCommand.self, FetchImagesCommand.self,
            ServicesCommand.self,
        ],
        defaultSubcommand: RequestCommand.self
    )
}
