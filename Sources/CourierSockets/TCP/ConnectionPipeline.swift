import NIOCore
import NIOSSL

/// Builds the pipeline every TCP connection shares, client or accepted:
/// `[TLS] → [read idle timer] → [frame decoder, frame encoder] → StreamEventHandler → EarlyInboundBuffer`;
/// ``TCPConnection/run(_:)`` later swaps the buffer for the `NIOAsyncChannel` handlers.
enum ConnectionPipeline {
    /// Adds the handlers and returns the buffer that holds what arrives before `run`; must run on the
    /// channel's event loop.
    static func configure(
        _ channel: any Channel,
        configuration: TCPConfiguration,
        tlsHandlers: [any ChannelHandler],
        host: String?
    ) throws -> NIOLoopBound<EarlyInboundBuffer> {
        let operations = channel.pipeline.syncOperations
        try operations.addHandlers(tlsHandlers)
        if let idle = configuration.idleReadTimeout {
            try operations.addHandler(ReadIdleTimer(timeout: idle.timeAmount))
        }
        // Raw byte chunks need neither handler; leaving them out keeps bulk transfers one hop shorter.
        if configuration.framing != .bytes {
            try operations.addHandler(ByteToMessageHandler(FrameDecoder(framing: configuration.framing)))
            try operations.addHandler(FrameEncoder(framing: configuration.framing))
        }
        try operations.addHandler(
            StreamEventHandler(idleReadTimeout: configuration.idleReadTimeout?.timeAmount, host: host)
        )
        let early = EarlyInboundBuffer()
        try operations.addHandler(early)
        return NIOLoopBound(early, eventLoop: channel.eventLoop)
    }
}
