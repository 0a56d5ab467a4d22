import CourierTestSupport
import Synchronization
import Testing

@testable import CourierSockets

@Suite struct WarehouseClientTests {
    static let kinds: [WarehouseClientKind] = WarehouseClientKind.allCases.filter(\.isAvailable)

    private func load(_ kind: WarehouseClientKind, port: Int, host: String = "127.0.0.1") async throws -> Result<
        WarehouseStatus, WarehouseError
    > {
        let client = try kind.makeClient(host: host, port: port, timeout: .seconds(20))
        do {
            return .success(try await client.loadStatus())
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: kinds)
    func loadsTheStatus(_ kind: WarehouseClientKind) async throws {
        let server = try await ScriptedServer.start(.send(ScriptedServer.statusLine))
        defer { Task { await server.stop() } }
        let result = try await load(kind, port: server.port)
        #expect(try result.get() == WarehouseStatus(parsing: ScriptedServer.statusLine))
    }

    @Test(arguments: kinds)
    func allClientsProduceTheSameValue(_ kind: WarehouseClientKind) async throws {
        let server = try await ScriptedServer.start(.send(ScriptedServer.statusLine))
        defer { Task { await server.stop() } }
        let reference = try await load(.posix, port: server.port).get()
        #expect(try await load(kind, port: server.port).get() == reference)
    }

    @Test(arguments: kinds)
    func anUnresolvableNameSaysSo(_ kind: WarehouseClientKind) async throws {
        let result = try await load(kind, port: 8081, host: "warehouse.invalid")
        #expect(result == .failure(.cannotResolveHost))
    }

    @Test(arguments: kinds)
    func aClosedPortSaysSo(_ kind: WarehouseClientKind) async throws {
        let closed = try ReservedClosedPort()
        let result = try await load(kind, port: closed.port)
        #expect(result == .failure(.cannotConnect))
        withExtendedLifetime(closed) {}
    }

    @Test(arguments: kinds)
    func aServerThatClosesEarlySaysNothingWasRead(_ kind: WarehouseClientKind) async throws {
        let server = try await ScriptedServer.start(.closeImmediately)
        defer { Task { await server.stop() } }
        #expect(try await load(kind, port: server.port) == .failure(.cannotRead))
    }

    @Test(arguments: kinds)
    func garbageSaysItCannotBeParsed(_ kind: WarehouseClientKind) async throws {
        let server = try await ScriptedServer.start(.send(Array("<html>hello</html>\r\n".utf8)))
        defer { Task { await server.stop() } }
        #expect(try await load(kind, port: server.port) == .failure(.cannotParse))
    }

    @Test(arguments: kinds)
    func anEndlessResponseIsCutAtTheMaximum(_ kind: WarehouseClientKind) async throws {
        let server = try await ScriptedServer.start(.send(Array(repeating: UInt8(ascii: "7"), count: 64 * 1024)))
        defer { Task { await server.stop() } }
        #expect(try await load(kind, port: server.port) == .failure(.cannotParse))
    }

    @Test(arguments: kinds)
    func aResetWhileReadingIsAnUnexpectedError(_ kind: WarehouseClientKind) async throws {
        // A partial line then RST: the bytes read so far must not be parsed as a status.
        let server = try await ScriptedServer.start(.sendThenReset(Array("84,60".utf8)))
        defer { Task { await server.stop() } }
        let result = try await load(kind, port: server.port)
        // Depending on when the RST lands: the partial line was read and the reset is the error; the
        // reset discarded it before it was read; or, on a loaded machine, the RST arrived before the
        // client saw its connect complete. Never a status.
        let expected: [Result<WarehouseStatus, WarehouseError>] = [
            .failure(.unexpectedReadError), .failure(.cannotRead), .failure(.cannotConnect),
        ]
        #expect(expected.contains(result))
    }

    @Test func theStreamsClientSaysWhereItIsUnavailable() throws {
        #if canImport(Darwin)
            #expect(WarehouseClientKind.streams.isAvailable)
        #else
            #expect(!WarehouseClientKind.streams.isAvailable)
            #expect(throws: WarehouseError.self) {
                _ = try WarehouseClientKind.streams.makeClient(host: "localhost", port: 1)
            }
            do {
                _ = try WarehouseClientKind.streams.makeClient(host: "localhost", port: 1)
            } catch {
                #expect(error.message.contains("Stream.getStreamsToHost"))
            }
        #endif
    }

    @Test func theDelegateHearsStartThenLoad() async throws {
        let server = try await ScriptedServer.start(.send(ScriptedServer.statusLine))
        defer { Task { await server.stop() } }
        let delegate = RecordingDelegate()
        await NIOWarehouseClient(host: "127.0.0.1", port: server.port).loadStatus(delegate: delegate)
        #expect(delegate.events == ["start", "load 84"])
    }

    @Test func theDelegateHearsStartThenTheBooksMessage() async throws {
        let delegate = RecordingDelegate()
        let closed = try ReservedClosedPort()
        await POSIXWarehouseClient(host: "127.0.0.1", port: closed.port).loadStatus(delegate: delegate)
        withExtendedLifetime(closed) {}
        #expect(delegate.events == ["start", "fail Unable to connect to the warehouse server."])
    }
}

private final class RecordingDelegate: WarehouseClientDelegate {
    private let recorded = Mutex<[String]>([])
    var events: [String] { recorded.withLock { $0 } }

    func warehouseClientDidStart() async { recorded.withLock { $0.append("start") } }
    func warehouseClient(didLoad status: WarehouseStatus) async {
        recorded.withLock { $0.append("load \(status.roomTemperature)") }
    }
    func warehouseClient(didFail message: String) async { recorded.withLock { $0.append("fail \(message)") } }
}
