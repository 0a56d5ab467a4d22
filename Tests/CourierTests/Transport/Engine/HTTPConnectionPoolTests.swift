import HTTPTypes
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import Courier

#if canImport(Glibc)
    import Glibc
#endif

@Suite("HTTPConnectionPool over HTTP/1.1", .timeLimit(.minutes(1)))
struct HTTPConnectionPoolTests {
    private typealias Support = EngineTestSupport

    @Test func keepAliveConnectionIsReused() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    for _ in 0..<2 {
                        _ = try await connection.readRequest()
                        try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                    }
                }
                let first = try await pool.execute(Support.request(port: server.port))
                #expect(try await first.bodyText() == "ok")
                #expect(first.connection.isReused == false)
                #expect(first.connection.connectStart != nil)
                let second = try await pool.execute(Support.request(port: server.port))
                #expect(try await second.bodyText() == "ok")
                #expect(second.connection.isReused)
                #expect(second.connection.connectionID == first.connection.connectionID)
                #expect(second.connection.connectStart == nil)
                #expect(pool.connectionsOpened == 1)
                try await serving.value
            }
        }
    }

    @Test func requestsBeyondTheLimitWaitForAConnection() async throws {
        try await Support.withServer { server in
            try await Support.withPool(.init(maximumConnectionsPerHost: 1)) { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    var paths: [String] = []
                    for _ in 0..<3 {
                        let request = try #require(try await connection.readRequest())
                        paths.append(String(request.head.split(separator: " ")[1]))
                        try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    }
                    return paths
                }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<3 {
                        group.addTask {
                            let response = try await pool.execute(Support.request(port: server.port, path: "/\(index)"))
                            _ = try await response.bodyText()
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(try await serving.value.sorted() == ["/0", "/1", "/2"])
                #expect(pool.connectionsOpened == 1)
            }
        }
    }

    @Test func idleConnectionExpires() async throws {
        try await Support.withServer { server in
            try await Support.withPool(.init(idleTimeout: .milliseconds(50))) { pool in
                let (closed, closedSink) = AsyncStream.makeStream(of: Void.self)
                let serving = Task {
                    let first = try await server.nextConnection()
                    _ = try await first.readRequest()
                    try await first.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    await first.waitForClose()
                    closedSink.yield()
                    let second = try await server.nextConnection()
                    _ = try await second.readRequest()
                    try await second.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                }
                let first = try await pool.execute(Support.request(port: server.port))
                _ = try await first.bodyText()
                // The server sees the idle connection close; the next request needs a new connection.
                var closes = closed.makeAsyncIterator()
                await closes.next()
                let second = try await pool.execute(Support.request(port: server.port))
                _ = try await second.bodyText()
                #expect(second.connection.isReused == false)
                #expect(pool.connectionsOpened == 2)
                try await serving.value
            }
        }
    }

    @Test(arguments: [true, false])
    func staleReusedConnectionIsRetriedOnceWhenAllowed(canRetry: Bool) async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let first = try await server.nextConnection()
                    _ = try await first.readRequest()
                    try await first.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    // The second request arrives on the kept-alive connection, which then dies unanswered.
                    _ = try await first.readRequest()
                    await first.close()
                    guard canRetry else { return }
                    let second = try await server.nextConnection()
                    _ = try await second.readRequest()
                    try await second.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nretry")
                }
                _ = try await pool.execute(Support.request(port: server.port)).bodyText()
                let request = Support.request(port: server.port, canRetry: canRetry)
                if canRetry {
                    let response = try await pool.execute(request)
                    #expect(try await response.bodyText() == "retry")
                    #expect(response.connection.isReused == false)
                    #expect(pool.connectionsOpened == 2)
                } else {
                    let error = await #expect(throws: HTTPEngineError.self) { try await pool.execute(request) }
                    #expect(error?.code == .connectionLostBeforeResponse)
                    #expect(error?.requestMayHaveBeenProcessed == true)
                }
                try await serving.value
            }
        }
    }

    @Test func headNoContentAndNotModifiedHaveNoBody() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n")
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 204 No Content\r\n\r\n")
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n")
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlast")
                }
                let head = try await pool.execute(Support.request(port: server.port, method: .head))
                #expect(head.head.status == .ok)
                #expect(try await head.bodyText() == "")
                let noContent = try await pool.execute(Support.request(port: server.port))
                #expect(noContent.head.status == .noContent)
                #expect(try await noContent.bodyText() == "")
                let notModified = try await pool.execute(Support.request(port: server.port))
                #expect(notModified.head.status == .notModified)
                #expect(try await notModified.bodyText() == "")
                let last = try await pool.execute(Support.request(port: server.port))
                #expect(try await last.bodyText() == "last")
                #expect(pool.connectionsOpened == 1)
                try await serving.value
            }
        }
    }

    @Test func chunkedResponseDeliversTrailersAfterTheEnd() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write(
                        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
                            + "5\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: abc\r\n\r\n")
                }
                let response = try await pool.execute(Support.request(port: server.port))
                #expect(try await response.bodyText() == "hello world")
                #expect(response.body.trailers?[HTTPField.Name("X-Checksum")!] == "abc")
                try await serving.value
            }
        }
    }

    @Test func streamedBodyOfUnknownLengthIsSentChunked() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    let head = try #require(try await connection.read(until: "\r\n\r\n"))
                    let body = try #require(try await connection.read(until: "0\r\n\r\n"))
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    return (head.lowercased(), body)
                }
                let written = Mutex(0)
                var request = Support.request(
                    port: server.port, method: .post,
                    body: .stream(length: nil, make: { BufferSequence(parts: ["abc", "defg"]) }))
                request.onBodyBytesWritten = { count in written.withLock { $0 += count } }
                let response = try await pool.execute(request)
                _ = try await response.bodyText()
                let (head, body) = try await serving.value
                #expect(head.contains("transfer-encoding: chunked"))
                #expect(body == "3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n")
                #expect(written.withLock { $0 } == 7)
            }
        }
    }

    @Test func bodyOfKnownLengthIsSentWithContentLength() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    let request = try #require(try await connection.readRequest())
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    return request
                }
                let sent = Mutex(false)
                var request = Support.request(
                    port: server.port, method: .put, body: .bytes(ByteBuffer(string: "payload")))
                request.onRequestSent = { sent.withLock { $0 = true } }
                _ = try await pool.execute(request).bodyText()
                let received = try await serving.value
                #expect(received.head.lowercased().contains("content-length: 7"))
                #expect(received.body == "payload")
                #expect(sent.withLock { $0 })
            }
        }
    }

    @Test func bodyEndingBeforeItsContentLengthIsConnectionLostDuringBody() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabcd")
                    await connection.close()
                }
                let response = try await pool.execute(Support.request(port: server.port))
                let error = await #expect(throws: HTTPEngineError.self) { _ = try await response.bodyText() }
                #expect(error?.code == .connectionLostDuringBody)
                try await serving.value
            }
        }
    }

    @Test func informationalResponsesAreEventsNotTheResponse() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write(
                        "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                            + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                }
                let hints = Mutex<[HTTPResponse]>([])
                let request = Support.request(port: server.port) { hint in hints.withLock { $0.append(hint) } }
                let response = try await pool.execute(request)
                #expect(response.head.status == .ok)
                #expect(try await response.bodyText() == "ok")
                let received = hints.withLock { $0 }
                #expect(received.map(\.status.code) == [103])
                #expect(received.first?.headerFields[HTTPField.Name("Link")!] == "</style.css>; rel=preload")
                try await serving.value
            }
        }
    }

    @Test func unrequestedSwitchingProtocolsIsAnError() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write(
                        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\n\r\n")
                    await connection.waitForClose()
                }
                let error = await #expect(throws: HTTPEngineError.self) {
                    try await pool.execute(Support.request(port: server.port))
                }
                #expect(error?.code == .unexpectedUpgrade)
                try await serving.value
            }
        }
    }

    @Test func expectContinueSendsTheBodyAfter100() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    let head = try #require(try await connection.read(until: "\r\n\r\n"))
                    try await connection.write("HTTP/1.1 100 Continue\r\n\r\n")
                    let body = try #require(try await connection.read(until: "upload"))
                    try await connection.write("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
                    return (head.lowercased(), body)
                }
                let request = Support.request(
                    port: server.port, method: .post, body: .bytes(ByteBuffer(string: "upload")),
                    headers: [.expect: "100-continue"])
                let response = try await pool.execute(request)
                #expect(response.head.status == .created)
                let (head, body) = try await serving.value
                #expect(head.contains("expect: 100-continue"))
                #expect(body == "upload")
            }
        }
    }

    @Test func expectContinueAnsweredWithAFinalResponseDoesNotSendTheBody() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try #require(try await connection.read(until: "\r\n\r\n"))
                    try await connection.write("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n")
                    // The client closes the connection without having sent the body.
                    return try await connection.read(until: "upload")
                }
                var request = Support.request(
                    port: server.port, method: .post, body: .bytes(ByteBuffer(string: "upload")),
                    headers: [.expect: "100-continue"])
                // However late the server's answer comes on a loaded machine, the body must wait for it.
                request.continueWait = .hours(1)
                let response = try await pool.execute(request)
                #expect(response.head.status == .unauthorized)
                _ = try await response.bodyText()
                #expect(try await serving.value == nil)
            }
        }
    }

    @Test func droppingTheBodyClosesTheConnection() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\nfirst")
                    await connection.waitForClose()
                }
                do {
                    let response = try await pool.execute(Support.request(port: server.port))
                    var iterator = response.body.makeAsyncIterator()
                    _ = try await iterator.next()
                }
                try await serving.value
            }
        }
    }

    @Test func cancellingWhileWaitingForTheResponseClosesTheConnection() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    return connection
                }
                let exchange = Task { try await pool.execute(Support.request(port: server.port)) }
                let connection = try await serving.value
                exchange.cancel()
                await #expect(throws: CancellationError.self) { try await exchange.value }
                await connection.waitForClose()
            }
        }
    }

    @Test func anExchangeCancelledBeforeItStartsEndsAndGivesItsConnectionBack() async throws {
        try await Support.withServer { server in
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let key = HTTPConnectionKey(scheme: .http, host: "127.0.0.1", port: server.port)
            let connector = HTTPConnector(group: group, offersHTTP2: false, tunnelEstablisher: nil)
            let connected = try await connector.connect(key: key, timeout: .seconds(30), authorizer: nil)
            let ends = AsyncStream.makeStream(of: Bool.self)
            let connection = try await connected.channel.eventLoop.submit {
                try HTTP1Connection.setUp(connected, id: 1, origin: key.authority) { _, reusable in
                    ends.continuation.yield(reusable)
                }
            }.get()
            var request = Support.request(port: server.port, key: key)
            request.cancellation = CancellationScope()
            request.cancellation?.cancel()
            await #expect(throws: CancellationError.self) {
                try await connection.execute(
                    request,
                    head: HTTP1HeadConversion.requestHead(request.head, key: key, body: .none, forHTTP2: false),
                    isReused: false)
            }
            // The pool hears that the exchange ended, and not to reuse the connection.
            var iterator = ends.stream.makeAsyncIterator()
            #expect(await iterator.next() == false)
            try await connection.channel.closeFuture.get()
            try await group.shutdownGracefully()
        }
    }

    @Test func plainHTTPThroughAProxyUsesAbsoluteForm() async throws {
        try await Support.withServer { proxy in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await proxy.nextConnection()
                    let request = try #require(try await connection.readRequest())
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                    return request.head
                }
                let key = HTTPConnectionKey(
                    scheme: .http, host: "origin.test", port: 8080,
                    proxy: HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: proxy.port))
                let response = try await pool.execute(Support.request(port: 8080, path: "/a?b=c", key: key))
                #expect(try await response.bodyText() == "ok")
                let head = try await serving.value
                #expect(head.hasPrefix("GET http://origin.test:8080/a?b=c HTTP/1.1\r\n"))
                #expect(head.lowercased().contains("host: origin.test:8080"))
            }
        }
    }

    @Test func httpsThroughAProxyWithoutTunnelSupportFailsClearly() async throws {
        try await Support.withServer { proxy in
            try await Support.withPool { pool in
                let key = HTTPConnectionKey(
                    scheme: .https, host: "origin.test", port: 443,
                    proxy: HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: proxy.port),
                    tls: try TestCertificates.clientProfile(trusting: nil))
                let error = await #expect(throws: HTTPEngineError.self) {
                    try await pool.execute(Support.request(port: 443, key: key))
                }
                #expect(error?.code == .proxyFailed)
                #expect(error?.message.contains("127.0.0.1:\(proxy.port)") == true)
            }
        }
    }

    @Test(arguments: [0, 65536, -1])
    func portOutOfRangeIsAnError(port: Int) async throws {
        try await Support.withPool { pool in
            let error = await #expect(throws: HTTPEngineError.self) {
                try await pool.execute(Support.request(port: port))
            }
            #expect(error?.code == .invalidRequest)
        }
    }

    @Test func refusedConnectionIsCannotConnect() async throws {
        // A socket bound but never listening holds the port: connecting is refused, and no other test's server
        // can take the port meanwhile (a port that was merely free a moment ago can be).
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(holder >= 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(holder, pointer, length) == 0 && getsockname(holder, pointer, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        try await Support.withPool { pool in
            let error = await #expect(throws: HTTPEngineError.self) {
                try await pool.execute(Support.request(port: port))
            }
            #expect(error?.code == .cannotConnect)
            #expect(error?.message.contains("127.0.0.1:\(port)") == true)
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let first = try await server.nextConnection()
                    _ = try await first.readRequest()
                    try await first.write("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
                    await first.waitForClose()
                    let second = try await server.nextConnection()
                    _ = try await second.readRequest()
                    try await second.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                }
                _ = try await pool.execute(Support.request(port: server.port)).bodyText()
                let second = try await pool.execute(Support.request(port: server.port))
                #expect(second.connection.isReused == false)
                try await serving.value
            }
        }
    }

    @Test func shutdownFailsLaterRequests() async throws {
        try await Support.withPool { pool in
            await pool.shutdown()
            let error = await #expect(throws: HTTPEngineError.self) {
                try await pool.execute(Support.request(port: 80))
            }
            #expect(error?.code == .shutDown)
        }
    }

    @Test func tunnelledRequestsGoThroughTheEstablisherFirst() async throws {
        try await Support.withServer { proxy in
            let calls = Mutex<[String]>([])
            let configuration = HTTPConnectionPool.Configuration(
                tunnelEstablisher: { _, host, port, endpoint, _ in
                    calls.withLock { $0.append("\(endpoint.kind) \(host):\(port)") }
                })
            try await Support.withPool(configuration) { pool in
                let serving = Task {
                    let connection = try await proxy.nextConnection()
                    let request = try #require(try await connection.readRequest())
                    try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    return request.head
                }
                let key = HTTPConnectionKey(
                    scheme: .http, host: "origin.test", port: 80,
                    proxy: HTTPProxyEndpoint(kind: .socks5, host: "127.0.0.1", port: proxy.port))
                _ = try await pool.execute(Support.request(port: 80, path: "/x", key: key)).bodyText()
                // Through a tunnel the request is in origin form.
                #expect(try await serving.value.hasPrefix("GET /x HTTP/1.1\r\n"))
                #expect(calls.withLock { $0 } == ["socks5 origin.test:80"])
            }
        }
    }

    @Test func failingTunnelIsProxyFailedNamingTheProxy() async throws {
        struct Refused: Error {}
        try await Support.withServer { proxy in
            let configuration = HTTPConnectionPool.Configuration(tunnelEstablisher: { _, _, _, _, _ in throw Refused() }
            )
            try await Support.withPool(configuration) { pool in
                let key = HTTPConnectionKey(
                    scheme: .http, host: "origin.test", port: 80,
                    proxy: HTTPProxyEndpoint(kind: .socks5, host: "127.0.0.1", port: proxy.port))
                let error = await #expect(throws: HTTPEngineError.self) {
                    try await pool.execute(Support.request(port: 80, key: key))
                }
                #expect(error?.code == .proxyFailed)
                #expect(error?.message.contains("127.0.0.1:\(proxy.port)") == true)
                #expect(error?.underlying is Refused)
            }
        }
    }

    @Test func cancelledWaiterLeavesTheQueue() async throws {
        try await Support.withServer { server in
            try await Support.withPool(.init(maximumConnectionsPerHost: 1)) { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    let first = try #require(try await connection.readRequest())
                    return (connection, first.head)
                }
                let first = Task { try await pool.execute(Support.request(port: server.port, path: "/first")) }
                let (connection, _) = try await serving.value
                // The second request waits for the only connection; cancelling it takes it out of the queue.
                let waiting = Task { try await pool.execute(Support.request(port: server.port, path: "/cancelled")) }
                waiting.cancel()
                await #expect(throws: CancellationError.self) { try await waiting.value }
                let third = Task { try await pool.execute(Support.request(port: server.port, path: "/third")) }
                try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                _ = try await first.value.bodyText()
                let next = try #require(try await connection.readRequest())
                #expect(next.head.hasPrefix("GET /third "))
                try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                _ = try await third.value.bodyText()
            }
        }
    }

    @Test func streamedBodyLongerThanDeclaredIsAnError() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    await connection.waitForClose()
                }
                let request = Support.request(
                    port: server.port, method: .post,
                    body: .stream(length: 3, make: { BufferSequence(parts: ["abcdef"]) }))
                let error = await #expect(throws: HTTPEngineError.self) { try await pool.execute(request) }
                #expect(error?.code == .invalidRequest)
                try await serving.value
            }
        }
    }

    @Test func requestAskingToCloseIsNotReused() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let first = try await server.nextConnection()
                    let request = try #require(try await first.readRequest())
                    try await first.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
                    await first.waitForClose()
                    return request.head.lowercased()
                }
                let response = try await pool.execute(
                    Support.request(port: server.port, headers: [.connection: "close"]))
                _ = try await response.bodyText()
                #expect(try await serving.value.contains("connection: close"))
                #expect(pool.idleConnections == 0)
            }
        }
    }

    @Test func bodyWithoutLengthEndsWhenTheServerCloses() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let serving = Task {
                    let connection = try await server.nextConnection()
                    _ = try await connection.readRequest()
                    try await connection.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil close")
                    await connection.close()
                }
                let response = try await pool.execute(Support.request(port: server.port))
                #expect(try await response.bodyText() == "until close")
                try await serving.value
            }
        }
    }

    @Test func manyConcurrentRequestsShareTheLimitedConnections() async throws {
        let server = try await HTTP1TestServer()
        do {
            try await Support.withPool(.init(maximumConnectionsPerHost: 4)) { pool in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<16 {
                        group.addTask {
                            for index in 0..<25 {
                                let path = "/\(worker)/\(index)"
                                let response = try await pool.execute(Support.request(port: server.port, path: path))
                                #expect(try await response.bodyText() == path)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(pool.connectionsOpened <= 4)
            }
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }
}
