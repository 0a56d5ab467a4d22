import ArgumentParser
import CourierSockets

/// `courier socket connect HOST:PORT`: the textbook's chat client, like `nc HOST PORT`.
struct SocketConnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Chat over TCP: send the lines of standard input, print each line received as it arrives.",
        discussion: """
            Ends when the peer closes the connection or standard input ends. Try it against \
            `nc -lk 12345` or `courier socket listen 12345`.
            """
    )

    @Argument(help: "The server, as HOST:PORT.")
    var endpoint: SocketEndpoint

    func run() async throws {
        let io = CLIIO.current
        do {
            let connection = try await TCPClient.connect(
                host: endpoint.host,
                port: endpoint.port,
                configuration: LineChat.configuration
            )
            let writeOut = io.writeOut
            _ = try await LineChat.run(connection: connection, input: StandardInputLines.stream()) { line in
                writeOut(line)
            }
        } catch let error as SocketError {
            io.writeError("courier: error: \(error.description)\n")
            throw CLIExit(status: 1)
        }
    }
}
