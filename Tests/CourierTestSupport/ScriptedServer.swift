import NIOCore
import NIOPosix
import Synchronization

/// A plain NIO server on 127.0.0.1, port 0, that does one scripted thing to every connection: the
/// warehouse's status line and close, garbage, an early close, a reset, silence, or never reading.
public final class ScriptedServer: Sendable {
    public enum Behavior: Sendable {
        /// Write these bytes, then close.
        case send([UInt8])
        /// Close without writing.
        case closeImmediately
        /// Write these bytes, then reset the connection (SO_LINGER 0).
        case sendThenReset([UInt8])
        /// Wait for the peer's first bytes, then write these and reset.
        case resetAfterFirstRead([UInt8])
        /// Accept and do nothing; reading off, so the peer's writes fill the buffers.
        case neverRead
        /// Accept, read and discard, never write.
        case silent
    }

    /// The warehouse monitor's status line (chapter 8).
    public static let statusLine: [UInt8] = Array("84,60,+67,1,1,0,0,0,1\r\n".utf8)

    /// The port the server listens on.
    public let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    /// Starts a server doing `behavior` to every connection, on NIO's event loops (never on the
    /// cooperative pool, which a loaded suite can hold for seconds).
    public static func start(_ behavior: Behavior) async throws -> ScriptedServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: !Self.isNeverRead(behavior))
            .childChannelOption(.socketOption(.so_rcvbuf), value: 4096)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ScriptHandler(behavior: behavior))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return ScriptedServer(port: channel.localAddress?.port ?? 0, channel: channel)
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    private static func isNeverRead(_ behavior: Behavior) -> Bool {
        if case .neverRead = behavior { return true }
        return false
    }

    private final class ScriptHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let behavior: Behavior
        let isResetting = Atomic<Bool>(false)

        init(behavior: Behavior) {
            self.behavior = behavior
        }

        func channelActive(context: ChannelHandlerContext) {
            let channel = context.channel
            switch behavior {
            case .send(let bytes):
                context.writeAndFlush(Self.wrapOutboundOut(channel.allocator.buffer(bytes: bytes))).whenComplete { _ in
                    channel.close(promise: nil)
                }
            case .closeImmediately:
                context.close(promise: nil)
            case .sendThenReset(let bytes):
                Self.sendThenReset(bytes, on: channel)
            case .neverRead, .silent, .resetAfterFirstRead:
                break
            }
        }

        private static func sendThenReset(_ bytes: [UInt8], on channel: any Channel) {
            channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).whenComplete { _ in
                guard let provider = channel as? any SocketOptionProvider else {
                    channel.close(promise: nil)
                    return
                }
                provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
                    channel.close(promise: nil)
                }
            }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .resetAfterFirstRead(let bytes) = behavior, !isResetting.exchange(true, ordering: .relaxed) {
                Self.sendThenReset(bytes, on: context.channel)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
