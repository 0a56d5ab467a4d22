import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// A listening TCP socket whose accepted connections arrive as an `AsyncSequence`.
///
/// ```swift
/// let server = try await TCPServer.bind(host: "127.0.0.1", port: 0,
///                                       configuration: TCPConfiguration(framing: .lines()))
/// try await server.serve { connection in
///     try await connection.run { reader, writer in
///         for try await line in reader.frames { try await writer.write(line) }  // echo
///     }
/// }
/// ```
public struct TCPServer: Sendable {
    let channel: NIOAsyncChannel<TCPConnection, Never>
    let logger: Logger

    /// The address the server listens on.
    public var localAddress: SocketAddress? { channel.channel.localAddress }
    /// The port the server listens on (the one the system chose when bound to port 0).
    public var port: Int { channel.channel.localAddress?.port ?? 0 }

    /// Binds a server. Accepted connections get `configuration` (framing, timeouts, limits); the
    /// ``TCPConfiguration/tls`` of a client is ignored here, `identity` turns TLS on.
    ///
    /// - Throws: ``SocketError``: ``SocketError/Code/invalidConfiguration`` for unusable settings or PEM,
    ///   ``SocketError/Code/unknown`` when the address cannot be bound (in use, not permitted).
    public static func bind(
        host: String,
        port: Int,
        configuration: TCPConfiguration = TCPConfiguration(),
        identity: SocketTLSIdentity? = nil,
        backlog: Int32 = 256,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "courier.sockets")
    ) async throws -> TCPServer {
        try configuration.validate(port: port)
        let sslContext = try identity?.makeContext()
        return try await SocketError.wrapping(.unknown, "Could not listen on \(host) port \(port).") {
            let channel = try await ServerBootstrap(group: eventLoopGroup)
                .serverChannelOption(.backlog, value: backlog)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelOption(.autoRead, value: false)
                .childChannelOption(.writeBufferWaterMark, value: configuration.writeBufferWaterMark)
                .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        var tlsHandlers: [any ChannelHandler] = []
                        if let sslContext { tlsHandlers.append(NIOSSLServerHandler(context: sslContext)) }
                        let early = try ConnectionPipeline.configure(
                            channel,
                            configuration: configuration,
                            tlsHandlers: tlsHandlers,
                            host: nil
                        )
                        return TCPConnection(channel: channel, early: early, configuration: configuration, host: nil)
                    }
                }
            logger.debug("listening", metadata: ["address": "\(channel.channel.localAddress.map { "\($0)" } ?? "?")"])
            return TCPServer(channel: channel, logger: logger)
        }
    }

    /// Runs `body` with the sequence of accepted connections; the listening socket closes when `body`
    /// returns. The sequence ends when the server is closed with ``close()``.
    ///
    /// - Throws: whatever `body` throws.
    public func run<Result: Sendable>(
        _ body: (_ connections: NIOAsyncChannelInboundStream<TCPConnection>) async throws -> Result
    ) async throws -> Result {
        try await channel.executeThenClose { inbound in
            try await body(inbound)
        }
    }

    /// Accepts connections until the server is closed (or the task cancelled), handling each in a child
    /// task; a handler that throws closes its own connection only (the error is logged).
    ///
    /// - Throws: when accepting fails.
    public func serve(_ handler: @escaping @Sendable (TCPConnection) async throws -> Void) async throws {
        let logger = self.logger
        try await run { connections in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in connections {
                    group.addTask {
                        do {
                            try await handler(connection)
                        } catch {
                            logger.debug("connection ended with an error", metadata: ["error": "\(error)"])
                            await connection.close()
                        }
                    }
                }
            }
        }
    }

    /// Stops listening: ``run(_:)``'s sequence ends. Connections already accepted stay open.
    public func close() async {
        try? await channel.channel.close()
    }
}
