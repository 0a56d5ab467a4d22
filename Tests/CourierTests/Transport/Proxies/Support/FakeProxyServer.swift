import NIOCore
import NIOPosix
import Synchronization

/// An in-process TCP server on 127.0.0.1, port 0, on an event loop of its own, whose connections are handled by a
/// handler the test makes. Records what the handlers report.
final class FakeProxyServer: Sendable {
    /// One thing a connection handler saw.
    struct Record: Sendable, Equatable {
        /// Which accepted connection (0, 1, …) it happened on.
        var connection: Int
        /// What was seen (a request head, a SOCKS message).
        var text: String
    }

    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    private let records = Mutex<[Record]>([])
    private let connectionCount = Mutex(0)

    /// The port the server listens on.
    var port: Int { channel.localAddress?.port ?? 0 }

    /// Starts a server; `makeHandler` gets the connection number and the server, to report through ``record``.
    init(makeHandler: @escaping @Sendable (_ connection: Int, _ server: FakeProxyServer) -> any ChannelHandler)
        async throws
    {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        let box = Mutex<FakeProxyServer?>(nil)
        let counter = Mutex(0)
        do {
            self.channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { child in
                    let number = counter.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard let server = box.withLock({ $0 }) else {
                        return child.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
                    }
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(makeHandler(number, server))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        box.withLock { $0 = self }
    }

    /// Adds a record.
    func record(connection: Int, _ text: String) {
        records.withLock { $0.append(Record(connection: connection, text: text)) }
    }

    /// Everything recorded so far.
    var recorded: [Record] { records.withLock { $0 } }

    /// Closes the server and its event loop.
    func stop() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }
}

/// Collects the bytes a tunnel delivers, for the test to await without sleeping.
final class ByteCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    let stream: AsyncStream<[UInt8]>
    private let continuation: AsyncStream<[UInt8]>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(Array(buffer: unwrapInboundIn(data)))
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
    }

    /// Reads until `count` bytes arrived (or the channel closed) and returns them.
    func read(count: Int) async -> [UInt8] {
        var bytes: [UInt8] = []
        for await chunk in stream {
            bytes += chunk
            if bytes.count >= count { break }
        }
        return bytes
    }
}

/// Echoes every byte back; what the fake proxies become once the tunnel is open.
final class EchoHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.writeAndFlush(data, promise: nil)
    }
}

/// Reads and ignores everything: a proxy that never answers.
final class SilentHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
}
