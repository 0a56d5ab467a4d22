import CourierPeers
import NIOCore
import NIOPosix

/// A peer driven by hand over the wire protocol, in plaintext (encryption `.none`): it sends its hello and an
/// empty proof (an `auth` frame that claims nothing), and the test chooses every frame after that. It reads everything it is sent, so it stands for a peer whose link was
/// cut (it stays silent) as well as for a misbehaving one.
final class RawPeer: Sendable {
    let channel: any Channel
    /// Every frame received, the other side's hello first.
    let frames: AsyncStream<PeerFrame>

    private init(channel: any Channel, frames: AsyncStream<PeerFrame>) {
        self.channel = channel
        self.frames = frames
    }

    static func hello(
        _ id: UInt64, session: String = "test1.0", version: UInt8 = PeerHello.currentVersion,
        mode: PeerSessionMode = .peer
    ) -> PeerHello {
        PeerHello(
            version: version, mode: mode, encryption: .none, peerID: PeerID(rawValue: id), udpPort: 9,
            sessionID: session, displayName: "raw\(id)", keyShare: [])
    }

    /// A proof without a shared secret or an identity: flags 0.
    static let emptyProof = PeerFrame(kind: .auth, body: ByteBuffer(bytes: [0]))

    /// Connects to a session's port and sends `hello`.
    static func connect(to port: Int, hello: PeerHello) async throws -> RawPeer {
        let (frames, sink) = AsyncStream.makeStream(of: PeerFrame.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel, sink: sink, opening: [])
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let peer = RawPeer(channel: channel, frames: frames)
        try await peer.send(PeerFrame(kind: .hello, body: hello.encoded()))
        try await peer.send(emptyProof)
        return peer
    }

    /// Listens on a loopback port; each connection gets `hello` (then `accept` when `accepts`) as soon as it opens.
    static func listen(hello: PeerHello, accepts: Bool) async throws -> (
        server: any Channel, peers: AsyncStream<RawPeer>
    ) {
        var opening = [PeerFrame(kind: .hello, body: hello.encoded()), emptyProof]
        if accepts { opening.append(PeerFrame(kind: .accept)) }
        return try await listen(opening: opening)
    }

    /// Listens on a loopback port; each connection gets `opening` as soon as it opens.
    static func listen(opening: [PeerFrame]) async throws -> (server: any Channel, peers: AsyncStream<RawPeer>) {
        let (peers, peerSink) = AsyncStream.makeStream(of: RawPeer.self)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let (frames, sink) = AsyncStream.makeStream(of: PeerFrame.self)
                    try Self.configure(channel, sink: sink, opening: opening)
                    peerSink.yield(RawPeer(channel: channel, frames: frames))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return (server, peers)
    }

    private static func configure(
        _ channel: any Channel, sink: AsyncStream<PeerFrame>.Continuation, opening: [PeerFrame]
    ) throws {
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(ByteToMessageHandler(PeerFrameDecoder()))
        try sync.addHandler(MessageToByteHandler(PeerFrameEncoder()))
        try sync.addHandler(FrameCollector(sink: sink, opening: opening))
    }

    func send(_ frame: PeerFrame) async throws {
        try await channel.writeAndFlush(frame)
    }

    /// The next frame of `kind`, skipping others; `nil` when the connection ends first.
    func next(_ kind: PeerFrame.Kind, iterator: inout AsyncStream<PeerFrame>.Iterator) async -> PeerFrame? {
        while let frame = await iterator.next() {
            if frame.kind == kind { return frame }
        }
        return nil
    }

    func close() async {
        try? await channel.close()
    }
}

/// Sends the opening frames once the connection is up, and hands every decoded frame to a stream, which ends with
/// the connection.
private final class FrameCollector: ChannelInboundHandler {
    typealias InboundIn = PeerFrame
    typealias OutboundOut = PeerFrame
    private let sink: AsyncStream<PeerFrame>.Continuation
    private let opening: [PeerFrame]

    init(sink: AsyncStream<PeerFrame>.Continuation, opening: [PeerFrame]) {
        self.sink = sink
        self.opening = opening
    }

    func channelActive(context: ChannelHandlerContext) {
        for frame in opening { context.write(wrapOutboundOut(frame), promise: nil) }
        context.flush()
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        sink.yield(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        sink.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        sink.finish()
        context.close(promise: nil)
    }
}
