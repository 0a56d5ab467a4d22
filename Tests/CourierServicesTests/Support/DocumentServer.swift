import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization

/// An in-process HTTP server on 127.0.0.1 (port 0) for the client tests: it serves whatever a test put at a
/// path (a locator document, a broken one, an error status) and echoes every `/api/…` request as JSON,
/// answering with `X-API-Version` chosen from the `X-Client-Version` header or `apiVersion` query item.
final class DocumentServer: Sendable {
    let server: TestServer
    private let routes: Routes

    private final class Routes: Sendable {
        let map = Mutex<[String: TestServer.Response]>([:])
    }

    private init(server: TestServer, routes: Routes) {
        self.server = server
        self.routes = routes
    }

    static func start() async throws -> DocumentServer {
        let routes = Routes()
        let server = try await TestServer.start { request in
            if let response = routes.map.withLock({ $0[request.path] }) { return response }
            guard request.path.hasPrefix("/api/") else { return .text("not here", status: 404) }
            let clientVersion = request.headers[HTTPField.Name("X-Client-Version")!] ?? request.queryValue("apiVersion")
            let chosen = clientVersion.map { $0.hasPrefix("1.") ? "1.0" : "2.0" } ?? "2.0"
            let echo: JSONValue = .object(
                JSONObject([
                    ("method", .string(request.method)), ("target", .string(request.target)),
                    ("userAgent", .string(request.headers[.userAgent] ?? "")),
                    ("contentType", .string(request.headers[.contentType] ?? "")),
                    ("body", .string(request.bodyText ?? "")),
                ]))
            return .json(try echo.serialized(), headers: [HTTPField.Name("X-API-Version")!: chosen])
        }
        return DocumentServer(server: server, routes: routes)
    }

    /// Serves `response` at `path` from now on.
    func set(_ path: String, _ response: TestServer.Response) {
        self.routes.map.withLock { $0[path] = response }
    }

    /// Serves `json` at `path` from now on.
    func set(_ path: String, json: String) {
        self.set(path, .json(Data(json.utf8)))
    }

    /// `http://127.0.0.1:PORT/path`.
    func url(_ path: String) -> URL { self.server.url(path) }

    /// How many requests for `path` arrived.
    func requestCount(_ path: String) -> Int {
        self.server.recordedRequests.filter { $0.path == path }.count
    }

    /// The `/api/…` requests that arrived, as path and query.
    var apiTargets: [String] {
        self.server.recordedRequests.filter { $0.path.hasPrefix("/api/") }.map(\.target)
    }

    /// A locator document listing `services` as (name, path under this server, version).
    func document(_ services: [(String, String, Int)]) -> String {
        let entries = services.map { name, path, version in
            #"{"name":"\#(name)","url":"\#(self.url(path).absoluteString)","version":\#(version),"outputFormat":"json"}"#
        }
        return #"{"services":[\#(entries.joined(separator: ","))]}"#
    }

    func stop() async {
        try? await self.server.shutdown()
    }
}

/// Runs `body` with a fresh document server and a plain session, and stops both.
func withDocumentServer<T>(_ body: (DocumentServer, Session) async throws -> T) async throws -> T {
    let server = try await DocumentServer.start()
    var configuration = SessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    configuration.retryPolicy = .none
    let session = Session(configuration: configuration)
    do {
        let result = try await body(server, session)
        await session.invalidateAndCancel()
        await server.stop()
        return result
    } catch {
        await session.invalidateAndCancel()
        await server.stop()
        throw error
    }
}

/// A fresh directory under the temporary directory, removed after `body`.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("courier-services-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
