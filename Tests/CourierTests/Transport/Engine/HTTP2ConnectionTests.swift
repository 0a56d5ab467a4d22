import HTTPTypes
import NIOCore
import NIOHTTP2
import Testing

@testable import Courier

@Suite("HTTP/2 connections through the pool", .timeLimit(.minutes(1)))
struct HTTP2ConnectionTests {
    private typealias Support = EngineTestSupport

    private static func key(port: Int, http1Only: Bool = false) throws -> HTTPConnectionKey {
        return HTTPConnectionKey(
            scheme: .https, host: "localhost", port: port,
            tls: try TestCertificates.clientProfile(trusting: try TestCertificates.identity.get().authority),
            http1Only: http1Only)
    }

    private static func withServer<Result: Sendable>(
        maximumConcurrentStreams: Int = 100, _ body: (HTTP2TestServer) async throws -> Result
    ) async throws -> Result {
        let server = try await HTTP2TestServer(maximumConcurrentStreams: maximumConcurrentStreams)
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    @Test func concurrentRequestsShareOneMultiplexedConnection() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                let responses = Task {
                    try await withThrowingTaskGroup(of: HTTPConnectionInfo.self) { group in
                        for _ in 0..<3 {
                            group.addTask {
                                let response = try await pool.execute(
                                    Support.request(port: server.port, path: "/hold", key: key))
                                #expect(try await response.bodyText() == "held")
                                return response.connection
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                // All three streams are open on the server at once before any is answered.
                var held: [HTTP2TestServer.Request] = []
                for await request in server.requests {
                    held.append(request)
                    if held.count == 3 { break }
                }
                #expect(Set(held.map(\.streamID)).count == 3)
                for request in held { request.respond("held") }
                let infos = try await responses.value
                #expect(infos.allSatisfy { $0.protocolName == "h2" })
                #expect(Set(infos.map(\.connectionID)).count == 1)
                #expect(infos.filter { !$0.isReused }.count == 1)
                #expect(infos.allSatisfy { $0.tlsVersion != nil && !$0.peerCertificates.isEmpty })
                #expect(pool.connectionsOpened == 1)
                #expect(server.acceptedConnections == 1)
            }
        }
    }

    @Test func streamsBeyondTheServersLimitWait() async throws {
        try await Self.withServer(maximumConcurrentStreams: 1) { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                // A first exchange makes the connection and receives the server's SETTINGS.
                let first = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await first.bodyText() == "ok")
                var events = server.requests.makeAsyncIterator()
                _ = await events.next()
                let responses = Task {
                    try await withThrowingTaskGroup(of: String.self) { group in
                        for _ in 0..<2 {
                            group.addTask {
                                try await pool.execute(Support.request(port: server.port, path: "/hold", key: key))
                                    .bodyText()
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                // The second stream opens only after the first is answered.
                let one = try #require(await events.next())
                one.respond("one")
                let two = try #require(await events.next())
                #expect(two.streamID > one.streamID)
                two.respond("two")
                #expect(try await responses.value.sorted() == ["one", "two"])
                #expect(pool.connectionsOpened == 1)
            }
        }
    }

    @Test func goAwayRetriesUnprocessedStreamsOnANewConnection() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                let responses = Task {
                    try await withThrowingTaskGroup(of: String.self) { group in
                        for _ in 0..<2 {
                            group.addTask {
                                try await pool.execute(Support.request(port: server.port, path: "/hold", key: key))
                                    .bodyText()
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                var events = server.requests.makeAsyncIterator()
                let one = try #require(await events.next())
                let two = try #require(await events.next())
                let (lower, higher) = one.streamID < two.streamID ? (one, two) : (two, one)
                HTTP2TestServer.sendGoAway(on: lower.connection, lastStreamID: lower.streamID)
                lower.respond("processed")
                // The stream above the last stream ID comes again, on a new connection.
                let retried = try #require(await events.next())
                #expect(retried.connection !== higher.connection)
                retried.respond("retried")
                #expect(try await responses.value.sorted() == ["processed", "retried"])
                #expect(pool.connectionsOpened == 2)
                // The connection that went away closes once its last stream is done.
                var closes = server.closedConnections.makeAsyncIterator()
                _ = await closes.next()
                #expect(lower.connection.isActive == false)
            }
        }
    }

    @Test func goAwayFailsProcessedStreamsAsMaybeProcessed() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                let exchange = Task {
                    try await pool.execute(Support.request(port: server.port, path: "/hold", key: key))
                }
                var events = server.requests.makeAsyncIterator()
                let request = try #require(await events.next())
                HTTP2TestServer.sendGoAway(on: request.connection, lastStreamID: request.streamID)
                request.connection.close(promise: nil)
                let error = await #expect(throws: HTTPEngineError.self) { try await exchange.value }
                #expect(error?.requestMayHaveBeenProcessed == true)
            }
        }
    }

    @Test func h2ChosenForAnHTTP1OnlyKeyIsAClearError() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port, http1Only: true)
                let error = await #expect(throws: HTTPEngineError.self) {
                    try await pool.execute(Support.request(port: server.port, key: key))
                }
                #expect(error?.code == .tlsFailed)
            }
        }
    }

    @Test func untrustedCertificateIsTLSFailed() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = HTTPConnectionKey(
                    scheme: .https, host: "localhost", port: server.port,
                    tls: try TestCertificates.clientProfile(trusting: nil))
                let error = await #expect(throws: HTTPEngineError.self) {
                    try await pool.execute(Support.request(port: server.port, key: key))
                }
                #expect(error?.code == .tlsFailed)
                #expect(error?.message.contains("localhost:\(server.port)") == true)
            }
        }
    }

    @Test func connectionCanBeUsedOnItsOwn() async throws {
        try await Self.withServer(maximumConcurrentStreams: 7) { server in
            let group = server.group
            let key = try Self.key(port: server.port)
            let connector = HTTPConnector(group: group, offersHTTP2: true, tunnelEstablisher: nil)
            let connected = try await connector.connect(key: key, timeout: .seconds(30), authorizer: nil)
            #expect(connected.isHTTP2)
            let settings = AsyncStream.makeStream(of: Int.self)
            let connection = try await connected.channel.eventLoop.submit {
                try HTTP2Connection.setUp(connected, id: 1, origin: key.authority) { _, event in
                    if case .maximumConcurrentStreamsChanged(let maximum) = event {
                        settings.continuation.yield(maximum)
                    }
                }
            }.get()
            var updates = settings.stream.makeAsyncIterator()
            #expect(await updates.next() == 7)
            #expect(connection.maximumConcurrentStreams == 7)
            try await connection.ping(timeout: .seconds(30))
            let response = try await connection.execute(
                Support.request(port: server.port, key: key),
                head: HTTP1HeadConversion.requestHead(
                    Support.request(port: server.port, key: key).head, key: key, body: .none, forHTTP2: true),
                isReused: false, onStreamClosed: {})
            #expect(try await response.bodyText() == "ok")
            connection.close()
            try await connection.channel.closeFuture.get()
        }
    }

    @Test func aRequestCancelledBeforeItsStreamOpensEndsAndTheConnectionGoesOn() async throws {
        try await Self.withServer { server in
            let key = try Self.key(port: server.port)
            let connector = HTTPConnector(group: server.group, offersHTTP2: true, tunnelEstablisher: nil)
            let connected = try await connector.connect(key: key, timeout: .seconds(30), authorizer: nil)
            let connection = try await connected.channel.eventLoop.submit {
                try HTTP2Connection.setUp(connected, id: 1, origin: key.authority) { _, _ in }
            }.get()
            let head = HTTP1HeadConversion.requestHead(
                Support.request(port: server.port, key: key).head, key: key, body: .none, forHTTP2: true)
            // The cancellation comes before the stream exists; it must still reach the exchange once it starts.
            var cancelled = Support.request(port: server.port, key: key)
            cancelled.cancellation = CancellationScope()
            cancelled.cancellation?.cancel()
            let closed = AsyncStream.makeStream(of: Void.self)
            await #expect(throws: CancellationError.self) {
                try await connection.execute(cancelled, head: head, isReused: false) {
                    closed.continuation.yield()
                }
            }
            var closes = closed.stream.makeAsyncIterator()
            await closes.next()
            let response = try await connection.execute(
                Support.request(port: server.port, key: key), head: head, isReused: true, onStreamClosed: {})
            #expect(try await response.bodyText() == "ok")
            connection.close()
            try await connection.channel.closeFuture.get()
        }
    }

    @Test func idleConnectionIsCheckedWithPing() async throws {
        try await Self.withServer { server in
            // An idle timeout far beyond the PING interval: however late the pool's timer fires on a busy machine,
            // the connection is pinged before it could expire.
            let configuration = HTTPConnectionPool.Configuration(
                idleTimeout: .seconds(600), http2PingInterval: .milliseconds(10))
            try await Support.withPool(configuration) { pool in
                let key = try Self.key(port: server.port)
                let response = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await response.bodyText() == "ok")
                var pings = server.pings.makeAsyncIterator()
                _ = await pings.next()
                let next = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await next.bodyText() == "ok")
                #expect(next.connection.isReused)
            }
        }
    }

    @Test func idleConnectionExpires() async throws {
        try await Self.withServer { server in
            let configuration = HTTPConnectionPool.Configuration(
                idleTimeout: .milliseconds(300), http2PingInterval: nil)
            try await Support.withPool(configuration) { pool in
                let key = try Self.key(port: server.port)
                let response = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await response.bodyText() == "ok")
                var closes = server.closedConnections.makeAsyncIterator()
                _ = await closes.next()
                let next = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await next.bodyText() == "ok")
                #expect(next.connection.isReused == false)
                #expect(pool.connectionsOpened == 2)
            }
        }
    }

    @Test func requestBodiesAreSentOnStreams() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                let sized = try await pool.execute(
                    Support.request(
                        port: server.port, path: "/echo", method: .post, body: .bytes(ByteBuffer(string: "bytes")),
                        key: key))
                #expect(try await sized.bodyText() == "bytes")
                let streamed = try await pool.execute(
                    Support.request(
                        port: server.port, path: "/echo", method: .post,
                        body: .stream(length: nil, make: { BufferSequence(parts: ["str", "eam"]) }), key: key))
                #expect(try await streamed.bodyText() == "stream")
                #expect(streamed.connection.isReused)
            }
        }
    }

    @Test func manyConcurrentStreamsShareOneConnection() async throws {
        try await Self.withServer(maximumConcurrentStreams: 8) { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<16 {
                        group.addTask {
                            for index in 0..<10 {
                                let response = try await pool.execute(
                                    Support.request(port: server.port, path: "/\(worker)/\(index)", key: key))
                                #expect(try await response.bodyText() == "ok")
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(pool.connectionsOpened == 1)
            }
        }
    }

    @Test func droppingTheBodyResetsTheStreamAndKeepsTheConnection() async throws {
        try await Self.withServer { server in
            try await Support.withPool { pool in
                let key = try Self.key(port: server.port)
                do {
                    let response = try await pool.execute(
                        Support.request(port: server.port, path: "/partial", key: key))
                    var iterator = response.body.makeAsyncIterator()
                    #expect(try await iterator.next().map { String(buffer: $0) } == "part")
                }
                var resets = server.resetStreams.makeAsyncIterator()
                _ = await resets.next()
                let next = try await pool.execute(Support.request(port: server.port, key: key))
                #expect(try await next.bodyText() == "ok")
                #expect(pool.connectionsOpened == 1)
            }
        }
    }
}
