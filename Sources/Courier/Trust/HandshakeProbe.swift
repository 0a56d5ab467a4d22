import NIOCore
import NIOPosix

/// The second connection of a TLS diagnosis: one handshake that sends no request, made only after a
/// request failed, so that what the server says about its certificate or ours arrives intact.
enum HandshakeProbe {
    /// Connects to `host:port` with the handlers `configure` adds, then waits until the server closes the
    /// connection or `timeout` passes. `false` when no connection could be made.
    static func run(
        host: String, port: Int, timeout: TimeAmount,
        configure: @escaping @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void
    ) async -> Bool {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try configure(channel.pipeline.syncOperations) }
            }
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            // A refused handshake closes the connection; the deadline covers a server that never answers.
            let deadline = channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
            try? await channel.closeFuture.get()
            deadline.cancel()
            return true
        } catch {
            return false
        }
    }
}
