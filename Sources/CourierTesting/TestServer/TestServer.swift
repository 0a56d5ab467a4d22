import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A real HTTP server running in the test process, on `127.0.0.1` and a free port by default, that answers
/// each request with whatever the test's handler returns — including broken responses on purpose.
///
/// It speaks HTTP/1.1 with keep-alive, and with TLS also HTTP/2 (negotiated through ALPN). It records every
/// request and counts TCP connections so tests can check what a client sent and whether it reused
/// connections.
///
/// ```swift
/// let server = try await TestServer.start { request in
///     .text("you sent \(request.body.count) bytes")
/// }
/// // ... send a request to server.url("/upload") with the client under test ...
/// #expect(server.recordedRequests.count == 1)
/// #expect(server.connectionCount == 1)
/// try await server.shutdown()  // always, also when the test fails
/// ```
public final class TestServer: Sendable {
    /// A request handler: called once per request, concurrently for concurrent requests.
    public typealias Handler = @Sendable (Request) async throws -> Response

    /// The largest request body collected by default (64 MiB).
    public static let defaultBodyLimit = 64 * 1024 * 1024

    /// Why ``start(host:port:tls:bodyLimit:eventLoopGroup:handler:)`` failed after binding.
    public struct StartupError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:PORT`, or `https://localhost:PORT` with TLS (so the default certificate's name
    /// matches).
    public let baseURL: URL

    private let state: TestServerState
    private let listener: any Channel
    private let serveTask: Task<Void, Never>

    /// Every request the server has received so far, in the order they were complete (bodies included, so
    /// they stay in memory until the server is released).
    public var recordedRequests: [Request] { self.state.recordedRequests }

    /// How many TCP connections the server has accepted so far.
    public var connectionCount: Int { self.state.connectionCount }

    private init(port: Int, baseURL: URL, state: TestServerState, listener: any Channel, serveTask: Task<Void, Never>) {
        self.port = port
        self.baseURL = baseURL
        self.state = state
        self.listener = listener
        self.serveTask = serveTask
    }

    deinit {
        self.state.closeAllConnections()
        self.listener.close(promise: nil)
        self.serveTask.cancel()
    }

    /// Starts a server and returns once it is listening.
    ///
    /// - Parameters:
    ///   - host: The address to bind; `127.0.0.1` by default.
    ///   - port: The port to bind; `0` picks a free one (read it back from ``port``).
    ///   - tls: Serve HTTPS with this configuration; plain HTTP when `nil`.
    ///   - bodyLimit: The largest request body accepted; larger ones get `413 Payload Too Large`.
    ///   - eventLoopGroup: The NIO event loops to run on; NIO's shared singleton by default.
    ///   - handler: Answers each request; a thrown error becomes a `500` whose body names the error.
    /// - Throws: A NIO error when the address cannot be bound, a NIOSSL error for an unusable TLS
    ///   configuration, or ``StartupError``.
    public static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        tls: TLSConfiguration? = nil,
        bodyLimit: Int = TestServer.defaultBodyLimit,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        handler: @escaping Handler
    ) async throws -> TestServer {
        let sslContext = try tls?.makeSSLContext()
        let offersHTTP2 = tls?.offersHTTP2 ?? false
        let state = TestServerState()
        let listener = try await ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { channel in
                Self.accept(channel, state: state, sslContext: sslContext, offersHTTP2: offersHTTP2)
            }
        guard let boundPort = listener.channel.localAddress?.port,
            let baseURL = Self.baseURL(host: host, port: boundPort, usesTLS: tls != nil)
        else {
            try? await listener.channel.close()
            throw StartupError(description: "cannot form a URL for host \(host)")
        }
        // The server runs on a thread of its own, never on the cooperative pool: however busy the tests
        // beside it keep the pool, its answers (and its misbehaviours' timing) are not delayed.
        let executor = DedicatedThreadExecutor.nextServerExecutor()
        let serveTask = Task(executorPreference: executor) {
            await Self.serve(listener, state: state, handler: handler, bodyLimit: bodyLimit, executor: executor)
        }
        return TestServer(
            port: boundPort,
            baseURL: baseURL,
            state: state,
            listener: listener.channel,
            serveTask: serveTask
        )
    }

    /// Starts a server that answers through `router` (404 for anything it does not route).
    ///
    /// - Throws: As ``start(host:port:tls:bodyLimit:eventLoopGroup:handler:)``.
    public static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        tls: TLSConfiguration? = nil,
        bodyLimit: Int = TestServer.defaultBodyLimit,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        router: Router
    ) async throws -> TestServer {
        try await self.start(host: host, port: port, tls: tls, bodyLimit: bodyLimit, eventLoopGroup: eventLoopGroup) {
            try await router.respond(to: $0)
        }
    }

    /// The URL of `pathAndQuery` (for example `"/items?page=2"`) on this server.
    ///
    /// Characters not allowed in a URL are percent-encoded; a leading `/` is added when missing.
    public func url(_ pathAndQuery: String) -> URL {
        let suffix = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        let base = self.baseURL.absoluteString
        if let url = URL(string: base + suffix) {
            return url
        }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert("%")
        let escaped = suffix.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return URL(string: base + escaped) ?? self.baseURL
    }

    /// Stops listening, closes every connection and waits until all connection work has ended.
    ///
    /// Safe to call more than once and concurrently. Completes even while handlers hang: their tasks are
    /// cancelled and no longer awaited.
    ///
    /// - Throws: Nothing today; `throws` leaves room for reporting close errors.
    public func shutdown() async throws {
        self.state.closeAllConnections()
        try? await self.listener.close()
        self.serveTask.cancel()
        await self.serveTask.value
    }

    // MARK: Accepting and serving

    /// A TCP connection whose pipeline is set up (for TLS: whose protocol is being negotiated).
    private struct AcceptedConnection: Sendable {
        enum Negotiation: Sendable {
            case http1(HTTP1Connection.AsyncChannel)
            case negotiating(
                EventLoopFuture<NIONegotiatedHTTPVersion<HTTP1Connection.AsyncChannel, HTTP2Connection.Multiplexer>>
            )
        }

        var index: Int
        var channel: any Channel
        var isTLS: Bool
        var negotiation: Negotiation
    }

    /// Runs on the new connection's event loop: registers it and builds its pipeline.
    private static func accept(
        _ channel: any Channel,
        state: TestServerState,
        sslContext: NIOSSLContext?,
        offersHTTP2: Bool
    ) -> EventLoopFuture<AcceptedConnection> {
        guard let index = state.register(channel) else {
            return channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        guard let sslContext else {
            return channel.eventLoop.makeCompletedFuture {
                AcceptedConnection(
                    index: index,
                    channel: channel,
                    isTLS: false,
                    negotiation: .http1(try HTTP1Connection.configure(channel))
                )
            }
        }
        do {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        guard offersHTTP2 else {
            return channel.eventLoop.makeCompletedFuture {
                AcceptedConnection(
                    index: index,
                    channel: channel,
                    isTLS: true,
                    negotiation: .http1(try HTTP1Connection.configure(channel))
                )
            }
        }
        return channel.configureHTTP2AsyncSecureUpgrade(
            http1ConnectionInitializer: { connection in
                connection.eventLoop.makeCompletedFuture {
                    try HTTP1Connection.configure(connection)
                }
            },
            http2ConnectionInitializer: { connection in
                connection.eventLoop.makeCompletedFuture {
                    try connection.pipeline.syncOperations.configureAsyncHTTP2Pipeline(mode: .server) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try HTTP2Connection.configureStream(stream)
                        }
                    }
                }
            }
        ).map { negotiation in
            AcceptedConnection(index: index, channel: channel, isTLS: true, negotiation: .negotiating(negotiation))
        }
    }

    /// Accepts connections until the listener closes, serving each in a child task.
    private static func serve(
        _ listener: NIOAsyncChannel<AcceptedConnection, Never>,
        state: TestServerState,
        handler: @escaping Handler,
        bodyLimit: Int,
        executor: DedicatedThreadExecutor
    ) async {
        await withDiscardingTaskGroup { group in
            do {
                try await listener.executeThenClose { connections in
                    for try await connection in connections {
                        let context = ConnectionContext(
                            state: state,
                            handler: handler,
                            bodyLimit: bodyLimit,
                            executor: executor,
                            index: connection.index,
                            channel: connection.channel,
                            isTLS: connection.isTLS
                        )
                        group.addTask {
                            await Self.serve(connection.negotiation, context: context)
                        }
                    }
                }
            } catch {
                // The listener failed or was closed; connections already accepted finish on their own.
            }
        }
    }

    private static func serve(_ negotiation: AcceptedConnection.Negotiation, context: ConnectionContext) async {
        switch negotiation {
        case .http1(let asyncChannel):
            await HTTP1Connection.serve(asyncChannel, context: context)
        case .negotiating(let future):
            do {
                let negotiated = try await withTaskCancellationHandler {
                    try await future.get()
                } onCancel: {
                    context.channel.close(promise: nil)
                }
                switch negotiated {
                case .http1_1(let asyncChannel):
                    await HTTP1Connection.serve(asyncChannel, context: context)
                case .http2(let multiplexer):
                    await HTTP2Connection.serve(multiplexer, context: context)
                }
            } catch {
                // The handshake or negotiation failed (an untrusting client, a missing client certificate).
                context.channel.close(promise: nil)
            }
        }
    }

    private static func baseURL(host: String, port: Int, usesTLS: Bool) -> URL? {
        let loopbackNames: Set = ["127.0.0.1", "::1", "localhost", "0.0.0.0", "::"]
        let urlHost: String
        if usesTLS && loopbackNames.contains(host) {
            urlHost = "localhost"
        } else if host == "0.0.0.0" {
            urlHost = "127.0.0.1"
        } else if host == "::" {
            urlHost = "[::1]"
        } else if host.contains(":") {
            urlHost = "[\(host)]"
        } else {
            urlHost = host
        }
        return URL(string: "\(usesTLS ? "https" : "http")://\(urlHost):\(port)")
    }
}
