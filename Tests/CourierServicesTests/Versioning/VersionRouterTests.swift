import CourierServicesServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("VersionRouter: compatibility buckets, newest for newer clients, a default for none")
struct VersionRouterTests {
    static let buckets = [
        CompatibilityBucket(from: ClientVersion(2, 0), apiVersion: "2.0"),
        CompatibilityBucket(from: ClientVersion(1, 0), apiVersion: "1.0"),
        CompatibilityBucket(from: ClientVersion(1, 5), apiVersion: "1.5"),
    ]
    static let router = VersionRouter<MiddlewareTestContext>(buckets: buckets, defaultVersion: "1.5")

    /// Client version as sent → API version chosen (`nil` client: none sent).
    static let table: [(String?, String)] = [
        ("1", "1.0"), ("1.0", "1.0"), ("1.0.0.0", "1.0"), ("1.3", "1.0"), ("1.4.99", "1.0"),
        ("1.5", "1.5"), ("1.9.9", "1.5"), ("2", "2.0"), ("2.0", "2.0"), ("2.4", "2.0"), ("17.1", "2.0"),
        ("999999999.0", "2.0"), (nil, "1.5"),
    ]

    @Test("the bucket table", arguments: table)
    func bucketTable(client: String?, api: String) throws {
        #expect(try Self.router.apiVersion(forClientVersion: client) == api)
    }

    static let malformed = [
        "", "one.two", "1..2", ".1", "1.", "v1.3", "1.3-beta", "-1", "1.2.3.4.5", " 1.3", "1234567890",
    ]

    @Test("malformed client versions are 400 errors naming the header", arguments: malformed)
    func malformedVersions(text: String) {
        let error = #expect(throws: ServiceHTTPError.self) { try Self.router.apiVersion(forClientVersion: text) }
        #expect(error?.status == .badRequest)
        #expect(error?.message.hasPrefix("X-Client-Version is a dotted version such as 1.3") == true)
    }

    @Test("a client older than the oldest bucket is told to upgrade; no buckets means the default for all")
    func edges() throws {
        let error = #expect(throws: ServiceHTTPError.self) { try Self.router.apiVersion(forClientVersion: "0.9") }
        #expect(error?.message == "client version 0.9 is older than the oldest supported, 1.0; please upgrade")
        let empty = VersionRouter<MiddlewareTestContext>(buckets: [], defaultVersion: "3.0")
        #expect(try empty.apiVersion(forClientVersion: "0.1") == "3.0")
        #expect(ClientVersion("1.3")! < ClientVersion(2))
        #expect(ClientVersion("2.0.0") == ClientVersion(2))
        #expect(ClientVersion(2).description == "2.0")
    }

    @Test(
        "as middleware: reads the header or the query item, hands the version to the handler, names it in X-API-Version"
    )
    func middleware() async throws {
        let router = Router(context: MiddlewareTestContext.self)
        router.add(middleware: Self.router)
        router.get("/weather") { _, context in "answered in \(context.apiVersion ?? "?")" }
        try await testRouter(router) { client in
            try await client.execute(
                uri: "/weather", method: .get, headers: [HTTPField.Name("X-Client-Version")!: "1.3"]
            ) {
                #expect($0.text == "answered in 1.0")
                #expect($0.headers[HTTPField.Name("X-API-Version")!] == "1.0")
            }
            try await client.execute(uri: "/weather?apiVersion=2.2", method: .get) {
                #expect($0.text == "answered in 2.0")
            }
            try await client.execute(uri: "/weather", method: .get) {
                #expect($0.headers[HTTPField.Name("X-API-Version")!] == "1.5")
            }
            try await client.execute(
                uri: "/weather", method: .get, headers: [HTTPField.Name("X-Client-Version")!: "latest"]
            ) {
                #expect($0.status == .badRequest)
                #expect($0.errorMessage?.contains("\"latest\"") == true)
            }
        }
    }
}
