import ArgumentParser
import CourierLinks
import Foundation

/// `courier links register SCHEME`: makes courier the handler of a scheme.
struct LinksRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Make courier the desktop's handler of a URL scheme.",
        discussion: """
            Writes $XDG_DATA_HOME/applications/courier-SCHEME.desktop with Exec=<courier> links open %u and \
            makes it the default with xdg-mime. Afterwards `xdg-mime query default x-scheme-handler/SCHEME` \
            names it, and opening a SCHEME: URL runs `courier links open URL`.
            """
    )

    @Argument(help: "The scheme, such as acme-directory.")
    var scheme: String

    @Option(name: .long, help: "The handler's display name (default: the scheme).")
    var name: String?

    func run() async throws {
        let scheme = try LinksCommand.scheme(scheme)
        let desktop = DesktopIntegration(environment: CLIIO.current.environment)
        let handler = try SchemeHandler(
            scheme: scheme, name: name ?? "Courier (\(scheme.name))",
            executable: LinksCommand.currentExecutable(), arguments: ["links", "open"])
        let path = try await desktop.register(handler)
        let current = try await desktop.defaultHandler(for: scheme) ?? "(none)"
        CLIIO.current.writeOut(
            """
            registered \(scheme): URLs to \(handler.desktopFileID)
              file: \(path)
              Exec=\(handler.desktopEntry.exec.text)
              xdg-mime query default \(scheme.mimeType): \(current)

            """)
        if current != handler.desktopFileID {
            CLIIO.current.writeError(
                "courier: warning: the desktop still prefers \(current) for \(scheme): URLs (a system-wide default?)\n")
        }
    }
}
