import ArgumentParser

/// `courier services`: the service layer of chapter 2.
struct ServicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "services",
        abstract: "The service layer: a service locator, versioned contracts, the façade tester.",
        discussion: """
            Examples:
              courier serve &
              courier services tester --locator http://127.0.0.1:8080/locator/dev.json
            """,
        subcommands: [ServicesTesterCommand.self]
    )
}
