import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The passive-mode listener of one ``SampleFTPSession`` transfer, on plain NIO channels.
///
/// Every accepted connection gets a ``Collector`` at once, on its event loop, so nothing a fast client sends (nor
/// its close) is lost before the session takes the connection, and is recorded in ``accepted``, so that closing
/// the listener closes every connection the session did not take, however the accepts raced with the close.
/// (NIO's async wrappers are not used for these connections: one dropped unclosed traps the process, and a
/// connection accepted while the listener closes cannot be guaranteed to reach the code that would close it.)
final class SampleFTPDataListener: Sendable {
    /// The listening channel.
    let channel: any Channel
    private let connections: NIOAsyncChannel<any Channel, Never>
    private let registry: Registry

    private init(connections: NIOAsyncChannel<any Channel, Never>, registry: Registry) {
        self.channel = connections.channel
        self.connections = connections
        self.registry = registry
    }

    /// Listens on 127.0.0.1 on a free port.
    static func open() async throws -> SampleFTPDataListener {
        let registry = Registry()
        let connections = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(Collector(limit: SampleFTPServer.maximumUploadSize))
                    registry.add(child)
                    return child
                }
            }
        return SampleFTPDataListener(connections: connections, registry: registry)
    }

    /// The port the listener is bound to.
    var port: Int { channel.localAddress?.port ?? 0 }

    /// The first connection; `nil` when the listener closed first.
    func take() async throws -> (any Channel)? {
        var iterator = connections.inbound.makeAsyncIterator()
        return try await iterator.next()
    }

    /// Closes the listener and every connection it accepted other than `kept`.
    func close(keeping kept: (any Channel)? = nil) async {
        try? await channel.close()
        let others = registry.accepted.withLock { all in
            all.values.filter { kept == nil || $0 !== kept! }
        }
        for other in others { try? await other.close() }
    }

    /// Writes `data` on a taken connection and closes it.
    static func send(_ data: Data, on connection: any Channel) async throws {
        try await connection.writeAndFlush(ByteBuffer(data: data))
        try? await connection.close()
    }

    /// Waits until the client closes a taken connection, ignoring what it sends.
    static func waitForClientClose(_ connection: any Channel) async {
        try? await connection.closeFuture.get()
    }

    /// Everything the client sent until it closed, or `nil` when it sent more than the collector's limit (the
    /// connection is then closed at once).
    static func receive(on connection: any Channel) async throws -> Data? {
        let collector = try await connection.eventLoop.submit {
            try connection.pipeline.syncOperations.handler(type: Collector.self)
        }.get()
        return await collector.outcome()
    }

    /// Records accepted connections; runs on their event loops.
    private final class Registry: Sendable {
        let accepted = Mutex<[ObjectIdentifier: any Channel]>([:])

        func add(_ channel: any Channel) {
            accepted.withLock { $0[ObjectIdentifier(channel)] = channel }
        }
    }

    /// Collects what a data connection receives until the peer closes it.
    final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer

        private enum Outcome: Sendable {
            case pending
            case finished(Data?)
        }

        private struct State: Sendable {
            var bytes = ByteBuffer()
            var tooLarge = false
            var outcome = Outcome.pending
            var waiters: [CheckedContinuation<Data?, Never>] = []
        }

        private let limit: Int
        private let state = Mutex(State())

        init(limit: Int) {
            self.limit = limit
        }

        /// The bytes received once the connection has closed, or `nil` when they passed the limit.
        func outcome() async -> Data? {
            await withCheckedContinuation { continuation in
                let finished: Data?? = state.withLock { state in
                    if case Outcome.finished(let data) = state.outcome { return .some(data) }
                    state.waiters.append(continuation)
                    return .none
                }
                if case .some(let data) = finished { continuation.resume(returning: data) }
            }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var chunk = unwrapInboundIn(data)
            let overflow = state.withLock { state -> Bool in
                guard !state.tooLarge else { return false }
                guard state.bytes.readableBytes + chunk.readableBytes <= limit else {
                    state.tooLarge = true
                    state.bytes.clear()
                    return true
                }
                state.bytes.writeBuffer(&chunk)
                return false
            }
            if overflow { context.close(promise: nil) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            let (data, waiters) = state.withLock { state -> (Data?, [CheckedContinuation<Data?, Never>]) in
                let data = state.tooLarge ? nil : Data(buffer: state.bytes)
                state.outcome = Outcome.finished(data)
                defer { state.waiters = [] }
                return (data, state.waiters)
            }
            for waiter in waiters { waiter.resume(returning: data) }
            context.fireChannelInactive()
        }
    }
}
