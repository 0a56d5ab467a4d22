import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

@testable import Courier

/// An HTTP/2 server over TLS on 127.0.0.1 (port 0, on an event loop group of its own). Every request becomes
/// an event; requests for `/hold` wait until the test answers them, `/echo` gets its body back, others "ok".
final class HTTP2TestServer: Sendable {
    /// A request the server received.
    struct Request: Sendable {
        var path: String
        var streamID: Int
        /// The connection (parent channel) it came on.
        var connection: any Channel
        /// Answers the request with status 200 and `body`.
        var respond: @Sendable (String) -> Void
    }

    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    let port: Int
    let requests: AsyncStream<Request>
    /// One element per PING the server received.
    let pings: AsyncStream<Void>
    /// One element per connection that closed.
    let closedConnections: AsyncStream<Void>
    /// One element per stream the client reset (closed before the server ended it).
    let resetStreams: AsyncStream<Void>
    private let connectionCount = Atomic<Int>(0)

    var connectionsAccepted: Int { connectionCount.load(ordering: .relaxed) }

    init(maximumConcurrentStreams: Int = 100, alpn: [String] = ["h2"]) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let context = try TestCertificates.serverContext(alpn: alpn)
        let (requests, sink) = AsyncStream.makeStream(of: Request.self)
        let (pings, pingSink) = AsyncStream.makeStream(of: Void.self)
        let (closedConnections, closedSink) = AsyncStream.makeStream(of: Void.self)
        let (resetStreams, resetSink) = AsyncStream.makeStream(of: Void.self)
        let counter = ConnectionCounter()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                counter.increment()
                return child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    var connectionConfiguration = NIOHTTP2Handler.ConnectionConfiguration()
                    connectionConfiguration.initialSettings = [
                        HTTP2Setting(parameter: .maxConcurrentStreams, value: maximumConcurrentStreams),
                        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
                    ]
                    _ = try child.pipeline.syncOperations.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: connectionConfiguration, streamConfiguration: .init()
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                            try stream.pipeline.syncOperations.addHandler(
                                Responder(parent: child, sink: sink, resets: resetSink))
                        }
                    }
                    try child.pipeline.syncOperations.addHandler(FrameObserver(pings: pingSink, closes: closedSink))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
        self.requests = requests
        self.pings = pings
        self.closedConnections = closedConnections
        self.resetStreams = resetStreams
        self.counterBox = counter
    }

    private let counterBox: ConnectionCounter

    /// How many TLS connections the server accepted.
    var acceptedConnections: Int { counterBox.value }

    /// Sends GOAWAY with `lastStreamID` on a connection.
    static func sendGoAway(on connection: any Channel, lastStreamID: Int) {
        let frame = HTTP2Frame(
            streamID: .rootStream,
            payload: .goAway(lastStreamID: HTTP2StreamID(lastStreamID), errorCode: .noError, opaqueData: nil))
        connection.writeAndFlush(frame, promise: nil)
    }

    func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    final class ConnectionCounter: Sendable {
        private let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .relaxed) }
        func increment() { count.add(1, ordering: .relaxed) }
    }

    /// Reports the connection's PINGs and its closing.
    private final class FrameObserver: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTP2Frame
        let pings: AsyncStream<Void>.Continuation
        let closes: AsyncStream<Void>.Continuation

        init(pings: AsyncStream<Void>.Continuation, closes: AsyncStream<Void>.Continuation) {
            self.pings = pings
            self.closes = closes
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .ping(_, ack: false) = unwrapInboundIn(data).payload { pings.yield() }
        }

        func channelInactive(context: ChannelHandlerContext) {
            closes.yield()
            context.fireChannelInactive()
        }
    }

    /// Turns each request into an event and answers it when told.
    private final class Responder: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let parent: any Channel
        private let sink: AsyncStream<Request>.Continuation
        private let resets: AsyncStream<Void>.Continuation
        private let path = Mutex("")
        private let body = Mutex("")

        init(
            parent: any Channel, sink: AsyncStream<Request>.Continuation, resets: AsyncStream<Void>.Continuation
        ) {
            self.parent = parent
            self.sink = sink
            self.resets = resets
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if let closed = error as? NIOHTTP2Errors.StreamClosed, closed.errorCode == .cancel {
                resets.yield()
            }
            context.close(promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                path.withLock { $0 = head.uri }
            case .body(let buffer):
                body.withLock { $0 += String(buffer: buffer) }
            case .end:
                let stream = context.channel
                let streamID = (try? stream.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)).map(Int.init)
                let respond: @Sendable (String) -> Void = { body in
                    stream.eventLoop.execute {
                        var headers = HTTPHeaders()
                        headers.add(name: "content-length", value: String(body.utf8.count))
                        stream.write(
                            HTTPServerResponsePart.head(.init(version: .http2, status: .ok, headers: headers)),
                            promise: nil)
                        stream.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: body))), promise: nil)
                        stream.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
                    }
                }
                let path = path.withLock { $0 }
                sink.yield(Request(path: path, streamID: streamID ?? 0, connection: parent, respond: respond))
                if path == "/partial" {
                    var headers = HTTPHeaders()
                    headers.add(name: "content-length", value: "1000000")
                    stream.write(
                        HTTPServerResponsePart.head(.init(version: .http2, status: .ok, headers: headers)), promise: nil
                    )
                    stream.writeAndFlush(
                        HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: "part"))), promise: nil)
                } else if path == "/echo" {
                    respond(body.withLock { $0 })
                } else if path != "/hold" {
                    respond("ok")
                }
            }
        }
    }
}
