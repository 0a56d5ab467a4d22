import Courier
import CourierServices
import CourierTesting
import Foundation
import Testing

@Suite("ServiceURLInterceptor: service:// requests end to end against a server on 127.0.0.1")
struct ServiceURLInterceptorTests {
    /// A session whose `service://` URLs resolve through a locator of `server`'s `/locator.json`.
    func serviceSession(
        _ server: DocumentServer, _ session: Session, extra: [any Interceptor] = []
    ) throws -> (Session, ServiceLocator) {
        let locator = try ServiceLocator(
            configuration: ServiceLocatorConfiguration(documentURL: server.url("/locator.json")), session: session)
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.timeoutIntervalForRequest = 30
        configuration.interceptors = [ServiceURLInterceptor(locator: locator)] + extra
        return (Session(configuration: configuration), locator)
    }

    struct Echo: Decodable {
        var method: String
        var target: String
        var userAgent: String
        var contentType: String
        var body: String
    }

    @Test("service://name/version/path?query reaches the located endpoint, loading the locator on first use")
    func resolvesEndToEnd() async throws {
        try await withDocumentServer { server, plain in
            server.set(
                "/locator.json",
                json: server.document([("weather", "/api/1.0/weather", 1), ("weather", "/api/2.0/weather", 2)]))
            let (session, _) = try self.serviceSession(server, plain)
            let response = try await session.data(for: Request(url: URL(string: "service://Weather/2/23219?units=f")!))
            #expect(response.status == .ok)
            let echo = try response.decode(Echo.self)
            #expect(echo.target == "/api/2.0/weather/23219?units=f")
            #expect(echo.userAgent.contains("Courier/"), "the session's User-Agent goes with the resolved request")
            #expect(response.url == server.url("/api/2.0/weather/23219?units=f"))
            let v1 = try await session.data(for: Request(url: URL(string: "service://weather/1/23219")!))
            #expect(try v1.decode(Echo.self).target == "/api/1.0/weather/23219")
            #expect(server.requestCount("/locator.json") == 1)
            await session.invalidateAndCancel()
        }
    }

    @Test("a JSON body sent to a service URL keeps its Content-Type")
    func bodyContentType() async throws {
        try await withDocumentServer { server, plain in
            server.set("/locator.json", json: server.document([("share", "/api/share", 1)]))
            let (session, _) = try self.serviceSession(server, plain)
            var request = Request(url: URL(string: "service://share/1")!, method: .post)
            request.body = .json(["articles": ["a"]])
            let echo = try await session.data(for: request).decode(Echo.self)
            #expect(echo.method == "POST")
            #expect(echo.target == "/api/share")
            #expect(echo.contentType.hasPrefix("application/json"))
            #expect(echo.body == #"{"articles":["a"]}"#)
            await session.invalidateAndCancel()
        }
    }

    @Test("an unknown version or name is serviceNotFound and nothing is sent")
    func unknownServiceIsNotSent() async throws {
        try await withDocumentServer { server, plain in
            server.set(
                "/locator.json",
                json: server.document([("weather", "/api/1.0/weather", 1), ("weather", "/api/2.0/weather", 2)]))
            let (session, _) = try self.serviceSession(server, plain)
            let version = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: URL(string: "service://weather/3/23219")!))
            }
            #expect(version?.code == .serviceNotFound)
            #expect(version?.outcome == .notSent)
            #expect(
                version?.message.contains("lists \"weather\" only in version 1, 2") == true, "\(version?.message ?? "")"
            )
            let name = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: URL(string: "service://news/1/top")!))
            }
            #expect(name?.code == .serviceNotFound)
            #expect(name?.message.contains("lists no service \"news\"") == true)
            let malformed = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: URL(string: "service://weather/latest/23219")!))
            }
            #expect(malformed?.code == .badURL)
            #expect(server.apiTargets.isEmpty, "nothing reached the API: \(server.apiTargets)")
            await session.invalidateAndCancel()
        }
    }

    @Test("no locator document: serviceLocatorUnavailable, carrying the load error")
    func locatorUnavailable() async throws {
        try await withDocumentServer { server, plain in
            server.set("/locator.json", .text("not found", status: 404))
            let (session, _) = try self.serviceSession(server, plain)
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: URL(string: "service://weather/2/23219")!))
            }
            #expect(error?.code == .serviceLocatorUnavailable)
            #expect(error?.outcome == .notSent)
            #expect((error?.underlyingError as? ServiceLocatorError)?.kind == .couldNotLoad)
            #expect(error?.message.contains("could not load the service locator") == true)
            await session.invalidateAndCancel()
        }
    }

    @Test("other URLs pass through untouched")
    func passesThrough() async throws {
        try await withDocumentServer { server, plain in
            let (session, _) = try self.serviceSession(server, plain)
            let response = try await session.data(for: Request(url: server.url("/api/direct?x=1")))
            #expect(try response.decode(Echo.self).target == "/api/direct?x=1")
            #expect(server.requestCount("/locator.json") == 0, "a plain URL never loads the locator")
            await session.invalidateAndCancel()
        }
    }
}
