import NIOCore
import NIOPosix
import Synchronization

/// An in-process HTTP proxy that really forwards: it reads a `CONNECT host:port` head, connects to the target,
/// answers 200 and then relays bytes both ways, on an event loop of its own. What the scripted fakes cannot show,
/// a whole session (TLS included) through a tunnel, runs against it.
final class ForwardingConnectProxy: Sendable {
    private let server: FakeProxyServer

    /// The port the proxy listens on, on 127.0.0.1.
    var port: Int { server.port }
    /// The CONNECT targets asked for, in order.
    var targets: [String] { server.recorded.map(\.text) }

    init() async throws {
        server = try await FakeProxyServer { connection, server in
            ConnectHeadHandler(connection: connection, server: server)
        }
    }

    func stop() async throws { try await server.stop() }

    /// Reads the CONNECT head, then hands the connection over to a relay.
    private final class ConnectHeadHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private let connection: Int
        private let server: FakeProxyServer
        private var head: [UInt8] = []

        init(connection: Int, server: FakeProxyServer) {
            self.connection = connection
            self.server = server
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            head += Array(buffer: unwrapInboundIn(data))
            guard let text = String(bytes: head, encoding: .utf8), let end = text.range(of: "\r\n\r\n") else { return }
            let parts = text[..<end.lowerBound].split(separator: " ")
            guard parts.count >= 2, parts[0] == "CONNECT", let colon = parts[1].lastIndex(of: ":"),
                let port = Int(parts[1][parts[1].index(after: colon)...])
            else {
                context.writeAndFlush(
                    wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 400 Bad Request\r\n\r\n")), promise: nil)
                context.close(promise: nil)
                return
            }
            server.record(connection: connection, String(parts[1]))
            let host = String(parts[1][..<colon])
            let client = context.channel
            let loopBound = NIOLoopBound((context, self), eventLoop: context.eventLoop)
            ClientBootstrap(group: context.eventLoop).connect(host: host, port: port).whenComplete { result in
                let (context, handler) = loopBound.value
                switch result {
                case .failure:
                    context.writeAndFlush(
                        handler.wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 502 Bad Gateway\r\n\r\n")), promise: nil)
                    context.close(promise: nil)
                case .success(let target):
                    let (toClient, toTarget) = RelayHandler.pair()
                    do {
                        try target.pipeline.syncOperations.addHandler(toClient)
                        try client.pipeline.syncOperations.addHandler(toTarget)
                        toClient.partner = toTarget
                        toTarget.partner = toClient
                        toClient.channel = client
                        toTarget.channel = target
                        context.writeAndFlush(
                            handler.wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 200 Connection established\r\n\r\n")),
                            promise: nil)
                        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                    } catch {
                        target.close(promise: nil)
                        context.close(promise: nil)
                    }
                }
            }
        }
    }

    /// Writes what one side reads into the other side's channel, and closes both when either closes.
    private final class RelayHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        /// The handler on the other channel.
        var partner: RelayHandler?
        /// The channel this handler's reads are written to.
        var channel: (any Channel)?

        static func pair() -> (RelayHandler, RelayHandler) { (RelayHandler(), RelayHandler()) }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            channel?.writeAndFlush(unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            channel?.close(promise: nil)
            partner = nil
            channel = nil
        }
    }
}
