import NIOCore
import NIOPosix
import NIOSSL

@testable import Courier

/// A TCP server on 127.0.0.1 (port 0, on an event loop group of its own) whose connections a test drives byte
/// by byte: it reads requests and writes whatever response bytes the case needs, well-formed or not.
final class RawTestServer: Sendable {
    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    let port: Int
    private let connections: AsyncStream<RawTestConnection>

    /// Starts the server; with `tls`, connections speak TLS first.
    init(tls: NIOSSLContext? = nil) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let (stream, continuation) = AsyncStream.makeStream(of: RawTestConnection.self)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    let (bytes, sink) = AsyncStream.makeStream(of: ByteBuffer.self)
                    if let tls { try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try child.pipeline.syncOperations.addHandler(Forwarder(sink: sink))
                    continuation.yield(RawTestConnection(channel: child, bytes: bytes))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
        self.connections = stream
    }

    /// The next accepted connection.
    func nextConnection() async throws -> RawTestConnection {
        var iterator = connections.makeAsyncIterator()
        guard let connection = await iterator.next() else { throw ChannelError.ioOnClosedChannel }
        return connection
    }

    func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// Hands the bytes a connection receives to the test; finishes when the client closes.
    private final class Forwarder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let sink: AsyncStream<ByteBuffer>.Continuation

        init(sink: AsyncStream<ByteBuffer>.Continuation) {
            self.sink = sink
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            sink.yield(unwrapInboundIn(data))
        }

        func channelInactive(context: ChannelHandlerContext) {
            sink.finish()
        }
    }
}

/// One accepted connection of a `RawTestServer`.
final class RawTestConnection: @unchecked Sendable {
    // Unchecked: only the one test that took the connection from `nextConnection()` uses it, one call at a time.
    let channel: any Channel
    private var inbound: AsyncStream<ByteBuffer>.AsyncIterator
    private var buffer = ByteBuffer()

    init(channel: any Channel, bytes: AsyncStream<ByteBuffer>) {
        self.channel = channel
        self.inbound = bytes.makeAsyncIterator()
    }

    /// Reads one request head (and its Content-Length body); nil when the client closed.
    func readRequest() async throws -> (head: String, body: String)? {
        while true {
            if let range = buffer.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) {
                let headLength = range.upperBound - buffer.readerIndex
                let head = buffer.getString(at: buffer.readerIndex, length: headLength) ?? ""
                let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                let length = lengthLine.flatMap { Int($0.dropFirst("content-length:".count).trimmingWhitespace) } ?? 0
                if buffer.readableBytes >= headLength + length {
                    buffer.moveReaderIndex(forwardBy: headLength)
                    let body = buffer.readString(length: length) ?? ""
                    return (head, body)
                }
            }
            guard var chunk = await inbound.next() else { return nil }
            buffer.writeBuffer(&chunk)
        }
    }

    /// Reads until `marker` has arrived, returning everything up to and including it; nil when the client closed.
    func read(until marker: String) async throws -> String? {
        while true {
            if let range = buffer.readableBytesView.firstRange(of: Array(marker.utf8)) {
                return buffer.readString(length: range.upperBound - buffer.readerIndex)
            }
            guard var chunk = await inbound.next() else { return nil }
            buffer.writeBuffer(&chunk)
        }
    }

    /// Waits until the client closes the connection (dropping anything it sends).
    func waitForClose() async {
        while await inbound.next() != nil {}
    }

    func write(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    func close() async {
        try? await channel.close()
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
