import Courier
import CourierSampleServer
import Foundation
import Testing

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
    // Tests see every status as the server sent it; a test that wants retries turns them on.
    sessionConfiguration.retryPolicy = .none
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

/// Runs `body` with a fresh temporary directory and removes it afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("courier-sample-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
