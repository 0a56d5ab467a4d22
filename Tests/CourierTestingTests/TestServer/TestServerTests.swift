import AsyncHTTPClient
import CourierTesting
import Foundation
import HTTPTypes
import NIOCore
import Synchronization
import Testing

@Suite("TestServer over plain HTTP/1.1")
struct TestServerTests {
    @Test("GET answers with the handler's response and records the request")
    func getIsAnsweredAndRecorded() async throws {
        try await withTestServer { request in
            .text("hello \(request.queryValue("name") ?? "?")")
        } _: { server in
            try await withHTTPClient { client in
                let (response, body) = try await client.fetch(
                    server.url("/greet?name=swift%20nio&flag").absoluteString,
                    headers: [("X-Trace", "one"), ("X-Trace", "two")]
                )
                #expect(response.status == .ok)
                #expect(response.version == .http1_1)
                #expect(body == "hello swift nio")
                #expect(response.headers["Content-Type"] == ["text/plain; charset=utf-8"])
                #expect(response.headers["Content-Length"] == ["15"])
            }
            let recorded = try #require(server.recordedRequests.first)
            #expect(server.recordedRequests.count == 1)
            #expect(recorded.method == "GET")
            #expect(recorded.target == "/greet?name=swift%20nio&flag")
            #expect(recorded.path == "/greet")
            #expect(
                recorded.queryItems == [
                    URLQueryItem(name: "name", value: "swift nio"), URLQueryItem(name: "flag", value: nil),
                ])
            #expect(recorded.headers[values: HTTPField.Name("X-Trace")!] == ["one", "two"])
            #expect(recorded.httpVersion == "HTTP/1.1")
            #expect(recorded.body.isEmpty)
            #expect(recorded.connectionIndex == 0)
            #expect(recorded.remoteAddress?.ipAddress == "127.0.0.1")
            #expect(recorded.clientCertificate == nil)
        }
    }

    @Test("POST bodies are collected, with Content-Length and chunked")
    func postBodiesAreEchoed() async throws {
        try await withTestServer { request in
            .data(request.body, headers: [.contentType: "application/octet-stream"])
        } _: { server in
            try await withHTTPClient { client in
                let (_, fixed) = try await client.fetch(
                    server.url("/echo").absoluteString,
                    method: .POST,
                    body: ByteBuffer(string: "fixed length body")
                )
                #expect(fixed == "fixed length body")

                var request = HTTPClientRequest(url: server.url("/echo").absoluteString)
                request.method = .POST
                let (parts, continuation) = AsyncStream<ByteBuffer>.makeStream()
                for part in ["chunked ", "request ", "body"] {
                    continuation.yield(ByteBuffer(string: part))
                }
                continuation.finish()
                request.body = .stream(parts, length: .unknown)
                let response = try await client.execute(request, timeout: .seconds(60))
                let chunked = try await response.body.collect(upTo: 1 << 20)
                #expect(String(buffer: chunked) == "chunked request body")
            }
            let recorded = server.recordedRequests
            #expect(recorded.count == 2)
            #expect(recorded.first?.headers[.contentLength] == "17")
            #expect(recorded.last?.headers[.transferEncoding] == "chunked")
            #expect(recorded.last?.bodyText == "chunked request body")
        }
    }

    @Test("Sequential requests reuse one keep-alive connection")
    func keepAliveReusesTheConnection() async throws {
        try await withTestServer { _ in
            .text("ok")
        } _: { server in
            try await withHTTPClient { client in
                for _ in 0..<5 {
                    let (response, _) = try await client.fetch(server.url("/").absoluteString)
                    #expect(response.status == .ok)
                }
            }
            #expect(server.connectionCount == 1)
            #expect(server.recordedRequests.map(\.connectionIndex) == [0, 0, 0, 0, 0])
        }
    }

    @Test("A client's Connection: close makes the server close; the next request needs a new connection")
    func connectionCloseIsHonoured() async throws {
        try await withTestServer { _ in
            .text("ok")
        } _: { server in
            try await withHTTPClient { client in
                let (first, _) = try await client.fetch(
                    server.url("/").absoluteString, headers: [("Connection", "close")])
                #expect(first.headers["Connection"] == ["close"])
                _ = try await client.fetch(server.url("/").absoluteString)
            }
            #expect(server.connectionCount == 2)
            #expect(server.recordedRequests.map(\.connectionIndex) == [0, 1])
        }
    }

    @Test("A handler's Connection: close header closes the connection after the response")
    func handlerConnectionCloseIsHonoured() async throws {
        try await withTestServer { _ in
            .text("bye", headers: [.connection: "close"])
        } _: { server in
            try await withHTTPClient { client in
                _ = try await client.fetch(server.url("/").absoluteString)
                _ = try await client.fetch(server.url("/").absoluteString)
            }
            #expect(server.connectionCount == 2)
        }
    }

    @Test("Chunked streaming responses: fixed chunks and an AsyncStream")
    func chunkedResponses() async throws {
        try await withTestServer { request in
            switch request.path {
            case "/chunks":
                return .chunks(["alpha", "beta", "", "gamma"].map { Data($0.utf8) }, delay: .milliseconds(5))
            default:
                let (stream, continuation) = AsyncStream<Data>.makeStream()
                Task {
                    for index in 0..<10 {
                        continuation.yield(Data("part\(index);".utf8))
                    }
                    continuation.finish()
                }
                return .stream(stream)
            }
        } _: { server in
            try await withHTTPClient { client in
                let (chunks, chunksBody) = try await client.fetch(server.url("/chunks").absoluteString)
                #expect(chunks.headers["Transfer-Encoding"] == ["chunked"])
                #expect(chunks.headers["Content-Length"].isEmpty)
                #expect(chunksBody == "alphabetagamma")

                let (stream, streamBody) = try await client.fetch(server.url("/stream").absoluteString)
                #expect(stream.headers["Transfer-Encoding"] == ["chunked"])
                #expect(streamBody == (0..<10).map { "part\($0);" }.joined())
            }
            #expect(server.connectionCount == 1)
        }
    }

    @Test("A streamed body is produced only as fast as the client reads it")
    func streamingRespectsBackpressure() async throws {
        let chunkSize = 64 * 1024
        let total = 32 * 1024 * 1024
        let produced = Box(Atomic<Int>(0))
        try await withTestServer { _ in
            let stream = AsyncStream<Data> {
                let soFar = produced.value.add(chunkSize, ordering: .relaxed).newValue
                return soFar <= total ? Data(repeating: 0x61, count: chunkSize) : nil
            }
            return .stream(stream)
        } _: { server in
            try await withHTTPClient { client in
                let response = try await client.execute(
                    HTTPClientRequest(url: server.url("/big").absoluteString),
                    timeout: .seconds(30)
                )
                var iterator = response.body.makeAsyncIterator()
                var received = try await iterator.next()?.readableBytes ?? 0
                // Nothing to await here: this checks that production stalls while the client reads nothing.
                try await Task.sleep(for: .milliseconds(300))
                #expect(produced.value.load(ordering: .relaxed) < total / 2)
                while let buffer = try await iterator.next() {
                    received += buffer.readableBytes
                }
                #expect(received == total)
            }
        }
    }

    @Test("Many concurrent requests are served concurrently")
    func concurrentRequests() async throws {
        let inFlight = InFlightBarrier(expected: 6)
        try await withTestServer { request in
            if request.path == "/together" {
                await inFlight.arriveAndWait()
            }
            return .text(request.path)
        } _: { server in
            try await withHTTPClient { client in
                try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<6 {
                        group.addTask { try await client.fetch(server.url("/together").absoluteString).body }
                    }
                    for index in 0..<40 {
                        group.addTask { try await client.fetch(server.url("/n\(index)").absoluteString).body }
                    }
                    var bodies: [String] = []
                    for try await body in group {
                        bodies.append(body)
                    }
                    #expect(bodies.count == 46)
                    #expect(bodies.filter { $0 == "/together" }.count == 6)
                }
            }
            #expect(server.recordedRequests.count == 46)
            #expect(server.connectionCount >= 6)
        }
    }

    @Test("Large request bodies are collected; bodies over the limit get 413")
    func bodyLimit() async throws {
        try await withTestServer(bodyLimit: 20 * 1024 * 1024) { request in
            .text("\(request.body.count)")
        } _: { server in
            try await withHTTPClient { client in
                let big = ByteBuffer(repeating: 0x62, count: 16 * 1024 * 1024)
                let (ok, length) = try await client.fetch(
                    server.url("/upload").absoluteString, method: .POST, body: big)
                #expect(ok.status == .ok)
                #expect(length == "\(16 * 1024 * 1024)")

                let tooBig = ByteBuffer(repeating: 0x62, count: 21 * 1024 * 1024)
                do {
                    let (refused, _) = try await client.fetch(
                        server.url("/upload").absoluteString, method: .POST, body: tooBig)
                    #expect(refused.status == .payloadTooLarge)
                } catch let error as ChannelError where error == .ioOnClosedChannel {
                    // The server answers 413 and closes while the client may still be sending the rest
                    // (RFC 9112 9.6 allows it); the client then sees the closed channel first.
                } catch let error as HTTPClientError where error == .remoteConnectionClosed {
                    // The same race, noticed while reading.
                }
            }
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test("HEAD gets the head with Content-Length and no body")
    func headRequests() async throws {
        try await withTestServer { _ in
            .text("twelve bytes")
        } _: { server in
            try await withHTTPClient { client in
                let (response, body) = try await client.fetch(server.url("/").absoluteString, method: .HEAD)
                #expect(response.headers["Content-Length"] == ["12"])
                #expect(body.isEmpty)
                let (_, after) = try await client.fetch(server.url("/").absoluteString)
                #expect(after == "twelve bytes")
            }
            #expect(server.connectionCount == 1)
        }
    }

    @Test("A throwing handler produces a 500 that names the error")
    func handlerErrorsBecome500() async throws {
        struct Boom: Error {}
        try await withTestServer { _ in
            throw Boom()
        } _: { server in
            try await withHTTPClient { client in
                let (response, body) = try await client.fetch(server.url("/").absoluteString)
                #expect(response.status == .internalServerError)
                #expect(body.contains("Boom"))
            }
        }
    }

    @Test("Responses set through their parts: status, ordered headers, JSON")
    func responseParts() async throws {
        struct Item: Codable, Equatable {
            var name: String
            var count: Int
        }
        try await withTestServer { request in
            switch request.path {
            case "/json":
                return try .json(Item(name: "bolt", count: 3), status: 201)
            case "/pairs":
                return TestServer.Response(status: 202, headers: [("X-A", "1"), ("X-B", "2"), ("X-A", "3")])
            default:
                return TestServer.Response(status: 204)
            }
        } _: { server in
            try await withHTTPClient { client in
                let (json, jsonBody) = try await client.fetch(server.url("/json").absoluteString)
                #expect(json.status == .created)
                #expect(json.headers["Content-Type"] == ["application/json"])
                #expect(try JSONDecoder().decode(Item.self, from: Data(jsonBody.utf8)) == Item(name: "bolt", count: 3))

                let (pairs, _) = try await client.fetch(server.url("/pairs").absoluteString)
                #expect(pairs.status == .accepted)
                #expect(pairs.headers["X-A"] == ["1", "3"])
                #expect(pairs.headers["Content-Length"] == ["0"])

                let (noContent, _) = try await client.fetch(server.url("/none").absoluteString)
                #expect(noContent.status == .noContent)
                #expect(noContent.headers["Content-Length"].isEmpty)
            }
        }
    }

    @Test("The router matches method and path, ignores the query, supports /* and answers 404 otherwise")
    func router() async throws {
        var router = TestServer.Router()
        router.get("/hello") { _ in .text("hello") }
        router.post("/hello") { request in .text("posted \(request.body.count)") }
        router.get("/files/*") { request in .text("file \(request.path)") }
        router.on(nil, "/any") { request in .text("any \(request.method)") }
        let server = try await TestServer.start(router: router)
        try await withHTTPClient { client in
            #expect(try await client.fetch(server.url("/hello?x=1").absoluteString).body == "hello")
            let posted = try await client.fetch(
                server.url("/hello").absoluteString, method: .POST, body: ByteBuffer(string: "abc"))
            #expect(posted.body == "posted 3")
            #expect(try await client.fetch(server.url("/files/a/b.txt").absoluteString).body == "file /files/a/b.txt")
            #expect(try await client.fetch(server.url("/any").absoluteString, method: .DELETE).body == "any DELETE")
            #expect(try await client.fetch(server.url("/files").absoluteString).response.status == .notFound)
            #expect(
                try await client.fetch(server.url("/hello").absoluteString, method: .PUT).response.status == .notFound)
        }
        try await server.shutdown()
    }

    @Test("Each accepted connection gets the next index")
    func connectionIndexes() async throws {
        try await withTestServer { _ in
            .empty
        } _: { server in
            try await withHTTPClient { first in
                try await withHTTPClient { second in
                    _ = try await first.fetch(server.url("/").absoluteString)
                    _ = try await second.fetch(server.url("/").absoluteString)
                    _ = try await first.fetch(server.url("/").absoluteString)
                }
            }
            #expect(server.recordedRequests.map(\.connectionIndex) == [0, 1, 0])
            #expect(server.connectionCount == 2)
        }
    }

    @Test("baseURL and url(_:) point at the bound port")
    func urls() async throws {
        try await withTestServer { _ in
            .empty
        } _: { server in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            #expect(server.url("/a/b?c=d").absoluteString == "http://127.0.0.1:\(server.port)/a/b?c=d")
            #expect(server.url("a").absoluteString == "http://127.0.0.1:\(server.port)/a")
        }
    }

    @Test("shutdown is idempotent and closes idle keep-alive connections")
    func shutdownIsIdempotent() async throws {
        let server = try await TestServer.start { _ in .empty }
        try await withHTTPClient { client in
            _ = try await client.fetch(server.url("/").absoluteString)
            async let first: Void = server.shutdown()
            async let second: Void = server.shutdown()
            _ = try await (first, second)
            try await server.shutdown()
            await #expect(throws: (any Error).self) {
                try await client.fetch(server.url("/").absoluteString)
            }
        }
    }

    @Test("shutdown completes while a handler hangs, even one that ignores cancellation")
    func shutdownWithHangingHandlers() async throws {
        let entered = Signal()
        let stuck = Box(Mutex<[CheckedContinuation<Void, Never>]>([]))
        let server = try await TestServer.start { request in
            entered.fire()
            if request.path == "/sleep" {
                try await Task.sleep(for: .seconds(3600))
            } else {
                await withCheckedContinuation { continuation in
                    stuck.value.withLock { $0.append(continuation) }
                }
            }
            return .empty
        }
        try await withHTTPClient { client in
            let sleeping = Task { try await client.fetch(server.url("/sleep").absoluteString, timeout: .seconds(30)) }
            let ignoring = Task { try await client.fetch(server.url("/ignore").absoluteString, timeout: .seconds(30)) }
            await entered.wait()
            await entered.wait()
            try await server.shutdown()
            await #expect(throws: (any Error).self) { try await sleeping.value }
            await #expect(throws: (any Error).self) { try await ignoring.value }
        }
        for continuation in stuck.value.withLock({ $0 }) {
            continuation.resume()
        }
    }

    @Test(
        "Request targets split into path and query items",
        arguments: [
            ("/", "/", [] as [URLQueryItem]),
            ("/a/b", "/a/b", []),
            ("/a?x=1&y=2", "/a", [URLQueryItem(name: "x", value: "1"), URLQueryItem(name: "y", value: "2")]),
            ("/a?flag&e=", "/a", [URLQueryItem(name: "flag", value: nil), URLQueryItem(name: "e", value: "")]),
            (
                "/a?bad=%zz&ok=%41", "/a",
                [URLQueryItem(name: "bad", value: "%zz"), URLQueryItem(name: "ok", value: "A")]
            ),
            ("http://example.com/p?q=1", "/p", [URLQueryItem(name: "q", value: "1")]),
            ("http://example.com", "/", []),
            ("*", "*", []),
        ]
    )
    func targets(target: String, path: String, queryItems: [URLQueryItem]) {
        let request = TestServer.Request(method: "GET", target: target)
        #expect(request.path == path)
        #expect(request.queryItems == queryItems)
    }
}

/// Holds each arriving caller until `expected` callers are inside at the same time.
actor InFlightBarrier {
    private let expected: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = false

    init(expected: Int) {
        self.expected = expected
    }

    func arriveAndWait() async {
        if self.released {
            return
        }
        await withCheckedContinuation { continuation in
            self.waiting.append(continuation)
            if self.waiting.count >= self.expected {
                self.released = true
                for waiter in self.waiting {
                    waiter.resume()
                }
                self.waiting.removeAll()
            }
        }
    }
}
