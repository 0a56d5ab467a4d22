import NIOCore

@testable import CourierSockets

/// Starts a ``TCPServer`` on `host` port 0 that echoes every frame, and runs `body` with its port; the
/// server is closed and awaited when `body` returns or throws.
func withEchoServer<Result: Sendable>(
    host: String = "127.0.0.1",
    configuration: TCPConfiguration = TCPConfiguration(framing: .lines()),
    identity: SocketTLSIdentity? = nil,
    _ body: @Sendable (_ port: Int) async throws -> Result
) async throws -> Result {
    let server = try await TCPServer.bind(host: host, port: 0, configuration: configuration, identity: identity)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            try await server.serve { connection in
                try await connection.run { reader, writer in
                    for try await frame in reader.frames { try await writer.write(frame) }
                }
            }
        }
        do {
            let result = try await body(server.port)
            await server.close()
            group.cancelAll()
            return result
        } catch {
            await server.close()
            group.cancelAll()
            throw error
        }
    }
}
