import ArgumentParser
import CourierSockets

/// `courier socket warehouse HOST:PORT [--client posix|nio|streams]`: loads and prints the warehouse
/// status (chapter 8), the same bytes whichever client read it.
struct SocketWarehouseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warehouse",
        abstract: "Print the warehouse monitor's status, read with BSD sockets, SwiftNIO or Foundation streams.",
        discussion: """
            Exit status 1 with the book's message when the server cannot be reached or answers garbage; \
            2 when the chosen client does not exist on this platform (streams on Linux).
            """
    )

    @Argument(help: "The warehouse server, as HOST:PORT.")
    var endpoint: SocketEndpoint

    @Option(help: "The client: posix, nio or streams (streams only where Foundation has Stream.getStreamsToHost).")
    var client: WarehouseClientKind = .posix

    @Option(help: "Seconds the connect and each read may take.")
    var timeout: Int = 10

    func validate() throws {
        guard (1...3600).contains(timeout) else {
            throw ValidationError("--timeout must be between 1 and 3600 seconds.")
        }
    }

    func run() async throws {
        let io = CLIIO.current
        let warehouseClient: any WarehouseClient
        do {
            warehouseClient = try client.makeClient(
                host: endpoint.host, port: endpoint.port, timeout: .seconds(timeout))
        } catch {
            io.writeError("courier: error: \(error.message)\n")
            throw CLIExit(status: 2)
        }
        do {
            let status = try await warehouseClient.loadStatus()
            io.writeOut(status.description + "\n")
        } catch {
            io.writeError("courier: error: \(error.message)\n")
            throw CLIExit(status: 1)
        }
    }
}

extension WarehouseClientKind: ExpressibleByArgument {}
