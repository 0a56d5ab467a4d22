import CourierServicesServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// The request context of the middleware tests: the caller and the API version the middleware set.
struct MiddlewareTestContext: APIKeyRequestContext, APIVersionRequestContext {
    var coreContext: CoreRequestContextStorage
    var apiCaller: APICaller?
    var apiVersion: String?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
    }
}

/// The `{"error":{"message":…,"status":…}}` body of a middleware's refusal.
struct ErrorBody: Decodable {
    struct Detail: Decodable {
        var status: Int
        var message: String
    }
    var error: Detail
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: self.body) }

    /// The refusal's message, or `nil` when the body is not the middleware's JSON error.
    var errorMessage: String? {
        (try? JSONDecoder().decode(ErrorBody.self, from: Data(self.text.utf8)))?.error.message
    }
}

/// Runs `body` with a router-mode test client of `router` (no sockets: the router answers in-process).
func testRouter<Value: Sendable>(
    _ router: Router<MiddlewareTestContext>, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
) async throws -> Value {
    let application = Application(router: router)
    return try await application.test(.router, body)
}
