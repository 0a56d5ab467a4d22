import NIOCore
import NIOPosix

/// The chapter 8 warehouse status server: on every connection it sends one CSV line — room temperature,
/// outlet temperature, coil temperature, compressor, air switch, auxiliary heat, front door, system,
/// alarm — and closes.
final class WarehouseServer: Sendable {
    /// The status line, as the book's device sends it.
    static let statusLine = "84,60,+67,1,1,0,0,0,1\r\n"

    let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    static func start(host: String, port: Int) async throws -> WarehouseServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(StatusHandler())
                }
            }
            .bind(host: host, port: port)
            .get()
        return WarehouseServer(port: channel.localAddress?.port ?? port, channel: channel)
    }

    func stop() async {
        try? await self.channel.close()
    }

    private final class StatusHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        func channelActive(context: ChannelHandlerContext) {
            let buffer = context.channel.allocator.buffer(string: WarehouseServer.statusLine)
            let channel = context.channel
            context.writeAndFlush(Self.wrapOutboundOut(buffer)).whenComplete { _ in
                channel.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
