import NIOCore
import NIOHTTP1
import NIOPosix

/// A keep-alive HTTP/1.1 server on 127.0.0.1 (port 0, on an event loop group of its own) that answers every
/// request with its path as the body, for tests that send many requests.
final class HTTP1TestServer: Sendable {
    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    let port: Int

    init() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    try child.pipeline.syncOperations.addHandler(PathEcho())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.group = group
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
    }

    func shutdown() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private final class PathEcho: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        private var path = ""

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                path = head.uri
            case .body:
                break
            case .end:
                var headers = HTTPHeaders()
                headers.add(name: "content-length", value: String(path.utf8.count))
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))),
                    promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: path)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
