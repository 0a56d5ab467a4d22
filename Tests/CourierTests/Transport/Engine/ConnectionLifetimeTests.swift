import NIOCore
import NIOPosix
import Testing

@testable import Courier

/// A connection, once closed, leaves nothing behind: not its handler, channel and buffers (a reference cycle
/// between `HTTP1Connection` and its exchange handler kept about 6 KB per connection alive), and not its idle
/// timer (each closed connection used to leave one on the event loop for the whole idle timeout).
@Suite("Engine connection lifetime", .timeLimit(.minutes(1)))
struct ConnectionLifetimeTests {
    private typealias Support = EngineTestSupport

    private final class WeakBox: @unchecked Sendable {
        weak var connection: HTTP1Connection?
    }

    /// Runs one exchange on a connection of its own, which the server closes after answering (without saying so
    /// in the response); returns a weak reference once the client's channel is closed.
    private static func exchangeOnOwnConnection(server: RawTestServer, group: any EventLoopGroup) async throws
        -> WeakBox
    {
        let box = WeakBox()
        let key = HTTPConnectionKey(scheme: .http, host: "127.0.0.1", port: server.port)
        let connector = HTTPConnector(group: group, offersHTTP2: false, tunnelEstablisher: nil)
        let connected = try await connector.connect(key: key, timeout: .seconds(30), authorizer: nil)
        let connection = try await connected.channel.eventLoop.submit {
            try HTTP1Connection.setUp(connected, id: 1, origin: key.authority) { _, _ in }
        }.get()
        box.connection = connection
        let serving = Task {
            let peer = try await server.nextConnection()
            _ = try await peer.readRequest()
            try await peer.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            await peer.close()
        }
        let request = Support.request(port: server.port, key: key)
        let response = try await connection.execute(
            request, head: HTTP1HeadConversion.requestHead(request.head, key: key, body: .none, forHTTP2: false),
            isReused: false)
        #expect(try await response.bodyText() == "ok")
        try await serving.value
        // The close future completes after the pipeline has removed its handlers.
        try await connection.channel.closeFuture.get()
        return box
    }

    @Test func aClosedHTTP1ConnectionIsFreed() async throws {
        try await Support.withServer { server in
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let box = try await Self.exchangeOnOwnConnection(server: server, group: group)
            #expect(box.connection == nil, "the connection, its handler and its channel outlived the close")
            try await group.shutdownGracefully()
        }
    }

    @Test func closedConnectionsLeaveNoIdleTimersBehind() async throws {
        try await Support.withServer { server in
            try await Support.withPool(.init(idleTimeout: .seconds(600))) { pool in
                let serving = Task {
                    for _ in 0..<20 {
                        let peer = try await server.nextConnection()
                        _ = try await peer.readRequest()
                        try await peer.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                        await peer.close()
                    }
                }
                for index in 0..<20 {
                    // A connection the server closed may still look idle to the pool for a moment; the pool then
                    // sends the request again on a new connection, which is what this server expects anyway.
                    let response = try await pool.execute(Support.request(port: server.port, path: "/\(index)"))
                    #expect(try await response.bodyText() == "ok")
                    try await Self.waitUntil { pool.openConnections == 0 }
                }
                try await serving.value
                #expect(pool.idleTimersArmed == 0)
            }
        }
    }

    /// Waits until the pool has seen the close (it learns of it on its event loop), within a generous bound.
    private static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw ChannelError.ioOnClosedChannel }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
