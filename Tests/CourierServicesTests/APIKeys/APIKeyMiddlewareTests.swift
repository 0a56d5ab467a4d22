import CourierServicesServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("APIKeyMiddleware: keys from configuration, in a header or the query, 401 JSON errors, anonymous tier")
struct APIKeyMiddlewareTests {
    func router(_ policy: APIKeyPolicy) -> Router<MiddlewareTestContext> {
        let router = Router(context: MiddlewareTestContext.self)
        router.add(middleware: APIKeyMiddleware(policy: policy))
        router.get("/quote") { _, context in "caller: \(context.apiCaller?.description ?? "none")" }
        return router
    }

    @Test("a valid key in the header passes; an unknown key and a missing key are 401 with a JSON error")
    func headerKeys() async throws {
        let router = self.router(APIKeyPolicy(keys: ["s3cret-key", "other"]))
        try await testRouter(router) { client in
            try await client.execute(uri: "/quote", method: .get, headers: [HTTPField.Name("X-API-Key")!: "s3cret-key"])
            {
                #expect($0.status == .ok)
                #expect($0.text == "caller: key s3cr…")
            }
            try await client.execute(uri: "/quote", method: .get, headers: [HTTPField.Name("X-API-Key")!: "stolen"]) {
                #expect($0.status == .unauthorized)
                #expect($0.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect($0.errorMessage == "unknown API key")
                #expect(!$0.text.contains("stolen"), "the refused key is not echoed")
            }
            try await client.execute(uri: "/quote", method: .get) {
                #expect($0.status == .unauthorized)
                #expect($0.errorMessage == "an API key is required (header X-API-Key)")
            }
        }
    }

    @Test("keys in a query item, and the anonymous tier for callers without a key")
    func queryAndAnonymous() async throws {
        let policy = APIKeyPolicy(
            keys: ["k1"], locations: [.header("X-API-Key"), .queryItem("apiKey")], allowsAnonymous: true)
        try await testRouter(self.router(policy)) { client in
            try await client.execute(uri: "/quote?apiKey=k1", method: .get) {
                #expect($0.status == .ok)
                #expect($0.text == "caller: key k1…")
            }
            try await client.execute(uri: "/quote", method: .get) {
                #expect($0.status == .ok)
                #expect($0.text == "caller: anonymous")
            }
            // Anonymous means no key at all, not a wrong one.
            try await client.execute(uri: "/quote?apiKey=nope", method: .get) { #expect($0.status == .unauthorized) }
        }
    }
}
