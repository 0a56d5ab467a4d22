import AsyncHTTPClient
import CourierTesting
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@Suite("TestServer misbehaving on purpose (HTTP/1.1)")
struct TestServerMisbehaviorTests {
    @Test("raw: a garbage status line is an HTTP parser error for the client")
    func garbageStatusLine() async throws {
        try await withTestServer { _ in
            .raw(Data("HTPT/1.1 twohundred OK\r\n\r\n".utf8))
        } _: { server in
            // Under a fully loaded test run the client has, rarely, seen nothing for its whole read
            // timeout; a fresh attempt shows whether the garbage itself is reported as a parser error.
            var errors: [String] = []
            for _ in 0..<3 {
                do {
                    try await withHTTPClient(readTimeout: .seconds(30)) { client in
                        _ = try await client.fetch(server.url("/").absoluteString)
                    }
                    errors.append("no error")
                } catch is HTTPParserError {
                    return
                } catch {
                    errors.append("\(error)")
                }
            }
            Issue.record("expected an HTTPParserError, got \(errors)")
        }
    }

    @Test("raw without closing: exact bytes are sent and the connection stays open")
    func rawKeepsConnection() async throws {
        let bytes = Data("HTTP/1.1 299 Custom\r\nX-Raw: yes\r\nContent-Length: 2\r\n\r\nhi".utf8)
        try await withTestServer { _ in
            .raw(bytes, thenClose: false)
        } _: { server in
            try await withHTTPClient { client in
                for _ in 0..<2 {
                    let (response, body) = try await client.fetch(server.url("/").absoluteString)
                    #expect(response.status.code == 299)
                    #expect(response.headers["X-Raw"] == ["yes"])
                    #expect(body == "hi")
                }
            }
            #expect(server.connectionCount == 1)
        }
    }

    @Test("truncatedBody: fewer bytes than Content-Length, then close, is an error")
    func truncatedBody() async throws {
        try await withTestServer { _ in
            .truncatedBody(declaredLength: 100, sending: Data("only this".utf8))
        } _: { server in
            try await withHTTPClient { client in
                let response = try await client.execute(
                    HTTPClientRequest(url: server.url("/").absoluteString),
                    timeout: .seconds(60)
                )
                #expect(response.headers["Content-Length"] == ["100"])
                await #expect(throws: HTTPParserError.invalidEOFState) {
                    try await response.body.collect(upTo: 1 << 20)
                }
            }
        }
    }

    @Test("closeConnection: closing without an answer is remoteConnectionClosed")
    func closeConnection() async throws {
        try await withTestServer { _ in
            .closeConnection
        } _: { server in
            try await withHTTPClient { client in
                await #expect(throws: HTTPClientError.remoteConnectionClosed) {
                    try await client.fetch(server.url("/").absoluteString)
                }
            }
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test("hang: the client's deadline fires")
    func hangHitsDeadline() async throws {
        try await withTestServer { _ in
            .hang
        } _: { server in
            try await withHTTPClient { client in
                await #expect(throws: HTTPClientError.deadlineExceeded) {
                    try await client.fetch(server.url("/").absoluteString, timeout: .milliseconds(300))
                }
            }
        }
    }

    @Test("hang: the client's read timeout fires")
    func hangHitsReadTimeout() async throws {
        try await withTestServer { _ in
            .hang
        } _: { server in
            try await withHTTPClient(readTimeout: .milliseconds(200)) { client in
                await #expect(throws: HTTPClientError.readTimeout) {
                    try await client.fetch(server.url("/").absoluteString)
                }
            }
        }
    }

    @Test("shutdown completes while a connection hangs")
    func shutdownWhileHanging() async throws {
        let entered = Signal()
        let server = try await TestServer.start { _ in
            entered.fire()
            return .hang
        }
        try await withHTTPClient { client in
            let request = Task { try await client.fetch(server.url("/").absoluteString, timeout: .seconds(30)) }
            await entered.wait()
            try await server.shutdown()
            await #expect(throws: (any Error).self) { try await request.value }
        }
    }

    // A generous read timeout: the test suite shares two cores, and the point here is the trickle,
    // not async-http-client's timer.
    @Test("slowBody: the body trickles in, intact, when each gap is within the read timeout")
    func slowBodyWithinIdleTimeout() async throws {
        let chunks = (0..<12).map { Data("chunk\($0);".utf8) }
        try await withTestServer { _ in
            .slowBody(chunks: chunks, delay: .milliseconds(20))
        } _: { server in
            try await withHTTPClient(readTimeout: .seconds(30)) { client in
                let (response, body) = try await client.fetch(server.url("/").absoluteString)
                #expect(response.headers["Content-Length"] == ["\(chunks.reduce(0) { $0 + $1.count })"])
                #expect(body == (0..<12).map { "chunk\($0);" }.joined())
            }
        }
    }

    @Test("slowBody: a gap longer than the read timeout fails the body")
    func slowBodyBeyondIdleTimeout() async throws {
        try await withTestServer { _ in
            .slowBody(chunks: [Data("a".utf8), Data("b".utf8)], delay: .seconds(60))
        } _: { server in
            // 20 s, not less: a full parallel test run keeps the cooperative pool (where the server's
            // handlers run) busy with synchronous tests for several seconds, so the head can be late.
            try await withHTTPClient(readTimeout: .seconds(20)) { client in
                let response = try await client.execute(
                    HTTPClientRequest(url: server.url("/").absoluteString),
                    timeout: .seconds(40)
                )
                #expect(response.status == .ok)
                await #expect(throws: HTTPClientError.readTimeout) {
                    try await response.body.collect(upTo: 1 << 20)
                }
            }
        }
    }

    @Test("headThenHang: the head arrives, then the body stalls until the read timeout")
    func headThenHang() async throws {
        try await withTestServer { _ in
            .headThenHang(status: 206, headers: [.contentType: "text/plain"])
        } _: { server in
            // 20 s, not less: a full parallel test run keeps the cooperative pool (where the server's
            // handlers run) busy with synchronous tests for several seconds, so the head can be late.
            try await withHTTPClient(readTimeout: .seconds(20)) { client in
                let response = try await client.execute(
                    HTTPClientRequest(url: server.url("/").absoluteString),
                    timeout: .seconds(40)
                )
                #expect(response.status == .partialContent)
                #expect(response.headers["Transfer-Encoding"] == ["chunked"])
                await #expect(throws: HTTPClientError.readTimeout) {
                    try await response.body.collect(upTo: 1 << 20)
                }
            }
        }
    }
}
