import CourierSockets
import CourierTestSupport
import NIOCore
import Synchronization
import Testing

@testable import CourierCLI

@Suite struct SocketWarehouseCommandTests {
    /// Runs the command in-process and returns its exit status, standard output and standard error.
    private func run(_ arguments: [String]) async -> (status: Int32, out: String, error: String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: ["socket"] + arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    /// A warehouse server answering every connection with `response` and closing. It runs on NIO's event
    /// loops: a server on the cooperative pool could be held there for seconds by a loaded suite, longer
    /// than the client's read timeout.
    private func withWarehouse<Result: Sendable>(
        _ response: String,
        _ body: @Sendable (Int) async throws -> Result
    ) async throws -> Result {
        let server = try await ScriptedServer.start(.send(Array(response.utf8)))
        do {
            let result = try await body(server.port)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test func printsTheSameBytesWhicheverClientReadIt() async throws {
        try await withWarehouse("84,60,+67,1,1,0,0,0,1\r\n") { port in
            let posix = await run(["warehouse", "127.0.0.1:\(port)", "--client", "posix"])
            let nio = await run(["warehouse", "127.0.0.1:\(port)", "--client", "nio"])
            #expect(posix.status == 0)
            #expect(nio.status == 0)
            #expect(Array(posix.out.utf8) == Array(nio.out.utf8))
            #expect(
                posix.out == """
                    room temperature: 84
                    outlet temperature: 60
                    coil temperature: 67
                    compressor: on
                    air switch: on
                    auxiliary heat: off
                    front door: closed
                    system: off
                    alarm: on

                    """
            )
        }
    }

    @Test(arguments: ["posix", "nio"])
    func garbagePrintsTheBooksMessageAndExitsOne(client: String) async throws {
        try await withWarehouse("garbage\r\n") { port in
            let result = await run(["warehouse", "127.0.0.1:\(port)", "--client", client])
            #expect(result.status == 1)
            #expect(result.out.isEmpty)
            #expect(result.error == "courier: error: Unable to parse the response from the warehouse server.\n")
        }
    }

    @Test(arguments: ["posix", "nio"])
    func anUnresolvableHostPrintsTheBooksMessage(client: String) async {
        let result = await run(["warehouse", "warehouse.invalid:8081", "--client", client])
        #expect(result.status == 1)
        #expect(result.error == "courier: error: Unable to resolve the hostname of the warehouse server.\n")
    }

    @Test func theStreamsClientIsAUsageErrorWhereItDoesNotExist() async {
        #if !canImport(Darwin)
            let result = await run(["warehouse", "127.0.0.1:1", "--client", "streams"])
            #expect(result.status == 2)
            #expect(result.error.hasPrefix("courier: error: The streams client is not available on this platform"))
        #endif
    }

    @Test(arguments: [
        ["warehouse", "nowhere"], ["warehouse", "localhost:1", "--client", "carrier-pigeon"], ["connect"],
    ])
    func badArgumentsExitTwo(arguments: [String]) async {
        let result = await run(arguments)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("courier: error: "))
    }
}
