import ArgumentParser
import CourierLinks
import Foundation

/// `courier links`: custom URL schemes on the desktop (chapter 11).
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Register, open and pass data through custom URL schemes (xdg-utils on Linux).",
        discussion: """
            Examples:
              courier links register acme-directory     # courier handles acme-directory: URLs
              courier links open acme-directory://employee/1
              courier links open --desktop acme-directory://employee/1
              courier links unregister acme-directory
              courier links demo                        # the book's Acme suite, end to end
            """,
        subcommands: [
            LinksRegisterCommand.self, LinksUnregisterCommand.self, LinksOpenCommand.self, LinksDemoCommand.self,
        ]
    )

    /// The absolute path of the running program, for `.desktop` `Exec` lines.
    static func currentExecutable() throws -> String {
        let resolved =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        guard resolved.hasPrefix("/") else {
            throw LinkError(.invalidDesktopEntry, "the path of this program could not be determined")
        }
        return resolved
    }

    /// Parses a scheme argument, as a usage error when it is not a valid name.
    static func scheme(_ text: String) throws -> URLScheme {
        do {
            return try URLScheme(text.hasSuffix("://") ? String(text.dropLast(3)) : text)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
