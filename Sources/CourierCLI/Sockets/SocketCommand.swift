import ArgumentParser

/// `courier socket`: the low-level networking of chapter 8.
struct SocketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "socket",
        abstract: "Low-level TCP: the warehouse monitor, a line chat client and server.",
        discussion: """
            Examples:
              courier socket warehouse localhost:8081 --client posix
              courier socket listen 12345
              courier socket connect localhost:12345
            """,
        subcommands: [SocketWarehouseCommand.self, SocketConnectCommand.self, SocketListenCommand.self]
    )
}
