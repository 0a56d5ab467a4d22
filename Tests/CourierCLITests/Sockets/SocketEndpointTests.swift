import Testing

@testable import CourierCLI

@Suite struct SocketEndpointTests {
    @Test(arguments: [
        ("localhost:8081", "localhost", 8081),
        ("127.0.0.1:1", "127.0.0.1", 1),
        ("[::1]:65535", "::1", 65535),
        ("warehouse.example.com:23", "warehouse.example.com", 23),
    ])
    func parsesHostAndPort(text: String, host: String, port: Int) {
        #expect(SocketEndpoint(argument: text) == SocketEndpoint(host: host, port: port))
    }

    @Test(arguments: [
        "localhost", ":8081", "localhost:", "localhost:0", "localhost:65536", "::1:80", "[::1]80", "host:8o",
        "host:+80",
    ])
    func refusesAnythingElse(text: String) {
        #expect(SocketEndpoint(argument: text) == nil)
    }
}
