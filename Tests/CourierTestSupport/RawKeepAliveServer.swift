import Foundation
import NIOCore
import NIOPosix

/// A raw HTTP/1.1 server on loopback that keeps connections "alive" the way broken servers do: it answers
/// without `Connection: close`, then closes the connection anyway. Runs on an event loop of its own.
///
/// - `closeAfterEachResponse`: closes right after each response.
/// - `lingerThenClose`: after each response stops reading for `linger`, then closes — a client that
///   sends its next request into the connection meanwhile gets no answer.
public final class RawKeepAliveServer: Sendable {
    public enum Behaviour: Sendable {
        case closeAfterEachResponse
        case lingerThenClose(TimeAmount)
    }

    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    public var port: Int { channel.localAddress?.port ?? 0 }

    /// `respond` turns a request path into the raw response head and body.
    public init(behaviour: Behaviour, respond: @escaping @Sendable (String) -> String) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        Handler(behaviour: behaviour, respond: respond))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    public func shutdown() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let behaviour: Behaviour
        let respond: @Sendable (String) -> String
        var received = ""
        var answered = false

        init(behaviour: Behaviour, respond: @escaping @Sendable (String) -> String) {
            self.behaviour = behaviour
            self.respond = respond
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !answered else { return }
            var buffer = unwrapInboundIn(data)
            received += buffer.readString(length: buffer.readableBytes) ?? ""
            guard let end = received.range(of: "\r\n\r\n") else { return }
            let requestLine = received[..<end.lowerBound].split(separator: "\r\n").first ?? ""
            let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            answered = true
            let response = respond(path)
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: response)), promise: nil)
            switch behaviour {
            case .closeAfterEachResponse:
                context.close(promise: nil)
            case .lingerThenClose(let linger):
                // Stop reading: what the client sends now is never answered.
                context.channel.setOption(.autoRead, value: false).whenComplete { _ in }
                let channel = context.channel
                context.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
            }
        }
    }
}
