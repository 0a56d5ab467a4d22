import Courier
import CourierServices
import CourierTesting
import Foundation
import Testing

@Suite("APIVersionNegotiator: the client sends its version and reads the one the server chose")
struct APIVersionNegotiatorTests {
    func session(_ negotiator: APIVersionNegotiator) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.interceptors = [negotiator]
        return Session(configuration: configuration)
    }

    @Test("X-Client-Version by default; X-API-Version read from the answer")
    func header() async throws {
        try await withDocumentServer { server, _ in
            let negotiator = try APIVersionNegotiator(clientVersion: "1.3")
            #expect(negotiator.negotiatedVersion == nil)
            let session = self.session(negotiator)
            let response = try await session.data(for: Request(url: server.url("/api/weather/23219")))
            #expect(response.apiVersion == "1.0")
            #expect(negotiator.negotiatedVersion == "1.0")
            let sent = try #require(server.server.recordedRequests.last)
            #expect(sent.headers[.init("X-Client-Version")!] == "1.3")
            // A request that names its own version keeps it.
            var own = Request(url: server.url("/api/weather/23219"))
            try own.setValue("2.4", forHTTPHeaderField: "X-Client-Version")
            #expect(try await session.data(for: own).apiVersion == "2.0")
            #expect(negotiator.negotiatedVersion == "2.0")
            await session.invalidateAndCancel()
        }
    }

    @Test("the apiVersion query item instead of a header")
    func queryItem() async throws {
        try await withDocumentServer { server, _ in
            let negotiator = try APIVersionNegotiator(clientVersion: "1.9", sendsVersionAs: .queryItem("apiVersion"))
            let session = self.session(negotiator)
            let response = try await session.data(for: Request(url: server.url("/api/stockquote/AAPL?source=csv")))
            #expect(response.apiVersion == "1.0")
            #expect(server.apiTargets.last == "/api/stockquote/AAPL?source=csv&apiVersion=1.9")
            _ = try await session.data(for: Request(url: server.url("/api/stockquote/AAPL?apiVersion=2.1")))
            #expect(server.apiTargets.last == "/api/stockquote/AAPL?apiVersion=2.1")
            #expect(negotiator.negotiatedVersion == "2.0")
            await session.invalidateAndCancel()
        }
    }

    @Test("an empty version, a header name with a separator or a version with a line break is refused")
    func badConfiguration() {
        #expect(throws: CourierError.self) { try APIVersionNegotiator(clientVersion: "") }
        #expect(throws: CourierError.self) { try APIVersionNegotiator(clientVersion: "1.0\r\nX-Evil: 1") }
        #expect(throws: CourierError.self) {
            try APIVersionNegotiator(clientVersion: "1.0", sendsVersionAs: .header("Client Version"))
        }
        #expect(throws: CourierError.self) {
            try APIVersionNegotiator(clientVersion: "1.0", sendsVersionAs: .queryItem(""))
        }
    }
}
