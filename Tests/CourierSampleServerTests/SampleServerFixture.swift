import Courier
import CourierSampleServer
import Foundation

/// Starts a sample server on ephemeral ports, runs `body` with it and a fresh session, and stops it.
func withSampleServer<T>(
    tls: Bool = false,
    configure: (inout SampleServerConfiguration) -> Void = { _ in },
    session configureSession: (inout SessionConfiguration) -> Void = { _ in },
    _ body: (RunningSampleServer, Session) async throws -> T
) async throws -> T {
    var configuration = SampleServerConfiguration.ephemeral(tls: tls)
    configure(&configuration)
    let server = try await SampleServer.start(configuration)
    var sessionConfiguration = SessionConfiguration.ephemeral
    sessionConfiguration.timeoutIntervalForRequest = 30
    configureSession(&sessionConfiguration)
    let session = Session(configuration: sessionConfiguration)
    do {
        let result = try await body(server, session)
        await session.invalidateAndCancel()
        await server.stop()
        try? FileManager.default.removeItem(at: configuration.dataDirectory)
        return result
    } catch {
        await session.invalidateAndCancel()
        await server.stop()
        try? FileManager.default.removeItem(at: configuration.dataDirectory)
        throw error
    }
}
