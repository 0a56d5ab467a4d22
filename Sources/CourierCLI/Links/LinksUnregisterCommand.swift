import ArgumentParser
import CourierLinks

/// `courier links unregister SCHEME`: undoes `register`.
struct LinksUnregisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Remove courier's handler of a URL scheme (its .desktop file and its mimeapps.list default)."
    )

    @Argument(help: "The scheme, such as acme-directory.")
    var scheme: String

    func run() async throws {
        let scheme = try LinksCommand.scheme(scheme)
        let desktop = DesktopIntegration(environment: CLIIO.current.environment)
        let removed = try await desktop.unregister(scheme: scheme)
        let remaining = try await desktop.defaultHandler(for: scheme)
        if removed {
            CLIIO.current.writeOut("unregistered \(scheme): URLs (courier-\(scheme.name).desktop and its default)\n")
        } else {
            CLIIO.current.writeOut("courier was not registered for \(scheme): URLs; nothing to remove\n")
        }
        CLIIO.current.writeOut("  xdg-mime query default \(scheme.mimeType): \(remaining ?? "(none)")\n")
    }
}
