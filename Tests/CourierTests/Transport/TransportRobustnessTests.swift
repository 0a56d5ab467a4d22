import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import Courier

@Suite("Transport: stale connections, ports, 101, proxies")
struct TransportRobustnessTests {
    @Test func aServerThatClosesSilentlyAfterEveryResponseNeverFailsARequest() async throws {
        let server = try await RawKeepAliveServer(behaviour: .closeAfterEachResponse) { _ in
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok"
        }
        let session = Session(configuration: .ephemeral)
        var failures: [String] = []
        for _ in 0..<200 {
            do {
                let response = try await session.data(for: try Request(server.url("/")))
                if response.text != "ok" { failures.append("body \(response.text ?? "")") }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 200 failed: \(failures.prefix(3))")
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func aRedirectFromAServerThatLingersThenClosesIsFollowedOnANewConnection() async throws {
        let server = try await RawKeepAliveServer(behaviour: .lingerThenClose(.milliseconds(100))) { path in
            path == "/hop"
                ? "HTTP/1.1 302 Found\r\nLocation: /final\r\nContent-Length: 0\r\n\r\n"
                : "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ndone"
        }
        let session = Session(configuration: .ephemeral)
        var failures: [String] = []
        for _ in 0..<200 {
            do {
                let response = try await session.data(for: try Request(server.url("/hop")))
                if response.text != "done" || response.redirectChain.count != 1 {
                    failures.append("\(response.text ?? "") after \(response.redirectChain.count) redirects")
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 200 failed: \(failures.prefix(3))")
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test(arguments: ["http://127.0.0.1:99999/", "https://example.test:70000/x", "http://127.0.0.1:65536"])
    func aPortOutOfRangeIsABadURLNotATrap(url: String) async throws {
        let error = #expect(throws: CourierError.self) { try Request(url) }
        #expect(error?.code == .badURL)
        #expect(error?.message.contains("0 to 65535") == true)
        // A request built from a URL value is refused by the transport the same way.
        let session = Session(configuration: .ephemeral)
        let sent = await #expect(throws: CourierError.self) {
            _ = try await session.data(for: Request(url: URL(string: url)!))
        }
        #expect(sent?.code == .badURL)
        await session.finishTasksAndInvalidate()
    }

    /// A timeout that is not a number (from a parsed setting, say) reads as a timeout of 0, as the watchdog reads it:
    /// the request may finish or time out, but converting it for the connect timeout must not trap (it did).
    @Test(arguments: [true, false])
    func aTimeoutThatIsNotANumberDoesNotTrap(onTheRequest: Bool) async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        var configuration = SessionConfiguration.ephemeral
        if !onTheRequest { configuration.timeoutIntervalForRequest = .nan }
        let session = Session(configuration: configuration)
        var request = try Request(server.url("/").absoluteString)
        if onTheRequest { request.timeout = .nan }
        do {
            #expect(try await session.data(for: request).status == .ok)
        } catch let error as CourierError {
            #expect(error.code == .timedOut, "\(String(reflecting: error))")
        }
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func timeoutsAreClampedAndANaNIsTheShortest() {
        let range = 0.5...1.5
        #expect(PooledHTTPTransport.timeAmount(seconds: .nan, within: range) == .milliseconds(500))
        #expect(PooledHTTPTransport.timeAmount(seconds: -.infinity, within: range) == .milliseconds(500))
        #expect(PooledHTTPTransport.timeAmount(seconds: .infinity, within: range) == .milliseconds(1500))
        #expect(PooledHTTPTransport.timeAmount(seconds: 1, within: range) == .milliseconds(1000))
    }

    @Test func anUnrequested101IsAProtocolError() async throws {
        let server = try await TestServer.start { _ in
            .raw(Data("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n".utf8))
        }
        let session = Session(configuration: .ephemeral)
        let error = await #expect(throws: CourierError.self) {
            _ = try await session.data(for: try Request(server.url("/").absoluteString))
        }
        #expect(error?.code == .badServerResponse)
        #expect(error?.message.contains("101") == true)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    /// A status code below 100 (`HTTP/1.1 000 OK`, found by the transport fuzzer) is a clear error. On
    /// async-http-client, the transport Courier used before its own, it trapped the whole process ("How can we
    /// receive a response body, if we haven't received a head").
    @Test(
        arguments: [
            "HTTP/1.1 000 OK\r\nContant-Length:$5\r\n\r\nhello", "HTTP/1.1 099 OK\r\nContent-Length: 5\r\n\r\nhello",
        ])
    func aStatusBelow100IsABadServerResponseNotACrash(answer: String) async throws {
        let server = try await TestServer.start { _ in .raw(Data(answer.utf8)) }
        let session = Session(configuration: .ephemeral)
        let error = await #expect(throws: CourierError.self) {
            _ = try await session.data(for: try Request(server.url("/").absoluteString))
        }
        #expect(error?.code == .badServerResponse, "\(String(reflecting: error))")
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test(arguments: ["http", "socks5"])
    func aDeadProxyIsNamedNotTheOrigin(kind: String) async throws {
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = kind == "http" ? .http(host: "127.0.0.1", port: 1) : .socks5(host: "127.0.0.1", port: 1)
        let session = Session(configuration: configuration)
        let error = await #expect(throws: CourierError.self) {
            _ = try await session.data(for: try Request("http://origin.test/"))
        }
        #expect(error?.code == .cannotConnectToHost)
        #expect(error?.message.contains("proxy 127.0.0.1:1") == true, "\(error?.message ?? "")")
        await session.finishTasksAndInvalidate()
    }
}
