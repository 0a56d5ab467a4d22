import NIOCore

/// One open TCP connection, from ``TCPClient/connect(host:port:configuration:eventLoopGroup:logger:)``
/// or accepted by a ``TCPServer``.
///
/// Use it inside ``run(_:)``, which hands over the reader and the writer and closes the connection when
/// the body returns or throws. Nothing is read from the socket before `run` (so a connection kept
/// aside costs no memory), and a connection dropped without `run` is closed.
///
/// ```swift
/// let connection = try await TCPClient.connect(host: "localhost", port: 12345,
///                                              configuration: TCPConfiguration(framing: .lines()))
/// try await connection.run { reader, writer in
///     try await writer.write("hello")
///     for try await line in reader.frames { print(String(buffer: line)) }
/// }
/// ```
public struct TCPConnection: Sendable {
    let channel: any Channel
    let configuration: TCPConfiguration
    let host: String?
    private let early: NIOLoopBound<EarlyInboundBuffer>
    private let lifetime: ChannelLifetime

    init(channel: any Channel, early: NIOLoopBound<EarlyInboundBuffer>, configuration: TCPConfiguration, host: String?)
    {
        self.channel = channel
        self.early = early
        self.configuration = configuration
        self.host = host
        self.lifetime = ChannelLifetime(channel: channel)
    }

    /// The address of this end.
    public var localAddress: SocketAddress? { channel.localAddress }
    /// The address of the peer.
    public var remoteAddress: SocketAddress? { channel.remoteAddress }

    /// Runs `body` with the connection's reader and writer, then closes the connection.
    ///
    /// - Throws: whatever `body` throws; ``SocketError`` with ``SocketError/Code/notConnected`` when the
    ///   connection was already run or closed.
    public func run<Result: Sendable>(
        _ body: (_ reader: SocketReader, _ writer: SocketWriter) async throws -> Result
    ) async throws -> Result {
        let channel = self.channel
        let configuration = self.configuration
        let early = self.early
        let framing = configuration.framing
        let writeTimeout = configuration.writeTimeout
        let host = self.host
        let start = try await lifetime.claim("connection") { () throws -> Start in
            // A connection that ended before `run` (the peer sent and closed, reset, or broke the
            // framing) still delivers what it received, then its end or error.
            guard channel.isActive else {
                let (frames, failure) = early.value.drain()
                return .closed(frames: frames, failure: failure)
            }
            let asyncChannel = try NIOAsyncChannel<SocketInbound, ByteBuffer>(
                wrappingChannelSynchronously: channel,
                configuration: configuration.asyncChannelConfiguration
            )
            let operations = channel.pipeline.syncOperations
            // Hand over what arrived before `run`, then let the async channel's demand drive reads.
            operations.removeHandler(early.value, promise: nil)
            try channel.syncOptions?.setOption(.autoRead, value: true)
            // Turning auto-read on reads from the socket without passing through the pipeline; a read
            // through it starts the idle read timer (`ReadIdleTimer`) for that first read too.
            channel.read()
            return .open(asyncChannel, isWritable: channel.isWritable)
        }
        switch start {
        case .open(let asyncChannel, let startsWritable):
            return try await asyncChannel.executeThenClose { inbound, outbound in
                try await body(
                    SocketReader(inbound: inbound, startsWritable: startsWritable, host: host),
                    SocketWriter(
                        outbound: outbound,
                        channel: channel,
                        framing: framing,
                        writeTimeout: writeTimeout,
                        budget: WriteBudget(limit: configuration.sendBufferLimit)
                    )
                )
            }
        case .closed(let frames, let failure):
            let (inbound, source) = NIOAsyncChannelInboundStream<SocketInbound>.makeTestingStream()
            for frame in frames { source.yield(frame) }
            if let failure { source.finish(throwing: failure) } else { source.finish() }
            return try await body(
                SocketReader(inbound: inbound, startsWritable: false, host: host),
                SocketWriter(
                    outbound: nil,
                    channel: channel,
                    framing: framing,
                    writeTimeout: writeTimeout,
                    budget: WriteBudget(limit: configuration.sendBufferLimit)
                )
            )
        }
    }

    /// How `run` found the channel.
    private enum Start: Sendable {
        case open(NIOAsyncChannel<SocketInbound, ByteBuffer>, isWritable: Bool)
        case closed(frames: [SocketInbound], failure: SocketError?)
    }

    /// Closes the connection from outside ``run(_:)``: a pending read ends and pending writes fail.
    public func close() async {
        try? await channel.close()
    }
}
