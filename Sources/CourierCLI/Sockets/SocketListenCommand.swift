import ArgumentParser
import CourierSockets

/// `courier socket listen PORT`: the chat server matching `courier socket connect` (and `nc`).
struct SocketListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Serve a TCP line chat: print each line received and relay it to the other clients.",
        discussion: """
            Lines typed on standard input go to every client. A client that stops reading for 10 seconds \
            is dropped. Stop with Ctrl-C.
            """
    )

    @Argument(help: "The port to listen on.")
    var port: Int

    @Option(help: "The address to listen on.")
    var host: String = "0.0.0.0"

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("PORT must be between 1 and 65535.") }
    }

    func run() async throws {
        let io = CLIIO.current
        var configuration = LineChat.configuration
        configuration.writeTimeout = .seconds(10)
        let server: TCPServer
        do {
            server = try await TCPServer.bind(host: host, port: port, configuration: configuration)
        } catch let error as SocketError {
            io.writeError("courier: error: \(error.description)\n")
            throw CLIExit(status: 1)
        }
        if io.isOutputTerminal {
            io.writeOut("listening on \(host) port \(server.port)\n")
        }
        let room = ChatRoom()
        let writeOut = io.writeOut
        // The group ends when the server does; standard input ending (a pipe, a service) stops only
        // the relaying of typed lines.
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                try await LineChat.serve(server: server, room: room) { line in writeOut(line) }
            }
            group.addTask {
                for await line in StandardInputLines.stream() {
                    await room.broadcast(line)
                }
            }
        }
    }
}
