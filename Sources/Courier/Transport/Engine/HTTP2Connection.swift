import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTP2
import Synchronization

/// One HTTP/2 connection: opens a stream per exchange and reports the server's SETTINGS_MAX_CONCURRENT_STREAMS
/// and GOAWAY as they arrive. Usable on its own: `openStream` gives a raw stream channel and `ping` checks the
/// connection's health.
final class HTTP2Connection: Sendable {
    /// What the server told the connection.
    enum Event: Sendable {
        /// SETTINGS_MAX_CONCURRENT_STREAMS changed (the default before the server says is 100).
        case maximumConcurrentStreamsChanged(Int)
        /// The server is going away; streams above `lastStreamID` were not processed.
        case goAway(lastStreamID: HTTP2StreamID)
        /// The connection closed.
        case closed
    }

    private struct State {
        var maximumConcurrentStreams = 100
        var goAwayLastStreamID: HTTP2StreamID?
        var pendingPings: [UInt64: EventLoopPromise<Void>] = [:]
        var nextPing: UInt64 = 1
        /// The first error the connection itself reported (a TLS alert, a protocol violation): why its streams
        /// lost it.
        var connectionError: (any Error)?
    }

    /// The pool's identifier of the connection.
    let id: Int
    let channel: any Channel
    /// Addresses, TLS facts and the timings of connecting.
    let info: HTTPConnectionInfo
    private let origin: String
    private let multiplexer: NIOHTTP2Handler.StreamMultiplexer
    private let state = Mutex(State())
    private let onEvent: @Sendable (HTTP2Connection, Event) -> Void

    private init(
        id: Int, channel: any Channel, info: HTTPConnectionInfo, origin: String,
        multiplexer: NIOHTTP2Handler.StreamMultiplexer, onEvent: @escaping @Sendable (HTTP2Connection, Event) -> Void
    ) {
        self.id = id
        self.channel = channel
        self.info = info
        self.origin = origin
        self.multiplexer = multiplexer
        self.onEvent = onEvent
    }

    /// The server's current SETTINGS_MAX_CONCURRENT_STREAMS (100 until it says).
    var maximumConcurrentStreams: Int { state.withLock { $0.maximumConcurrentStreams } }

    /// The first error the connection itself reported, if any (why it closed).
    var connectionError: (any Error)? { state.withLock { $0.connectionError } }

    /// The last stream ID of the server's GOAWAY, once it sent one.
    var goAwayLastStreamID: HTTP2StreamID? { state.withLock { $0.goAwayLastStreamID } }

    /// Sets up HTTP/2 on a connected channel whose ALPN chose `h2`; call on its event loop. `onEvent` runs on the
    /// event loop.
    static func setUp(
        _ connected: HTTPConnector.Connected, id: Int, origin: String,
        onEvent: @escaping @Sendable (HTTP2Connection, Event) -> Void
    ) throws -> HTTP2Connection {
        try connected.setUp(id: id, protocolName: "h2", origin: origin) { channel, connectionInfo in
            let settings: HTTP2Settings = [
                HTTP2Setting(parameter: .enablePush, value: 0),
                HTTP2Setting(parameter: .maxConcurrentStreams, value: 100),
                HTTP2Setting(parameter: .maxHeaderListSize, value: 64 * 1024),
                HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
            ]
            var connectionConfiguration = NIOHTTP2Handler.ConnectionConfiguration()
            connectionConfiguration.initialSettings = settings
            // The streams that start in one event-loop turn go out in one TLS record and one write.
            try channel.pipeline.syncOperations.addHandler(FlushCoalescingHandler())
            let multiplexer = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                mode: .client, connectionConfiguration: connectionConfiguration, streamConfiguration: .init(),
                inboundStreamInitializer: { stream in
                    // Server push is disabled in SETTINGS; a stream the server opens anyway is refused.
                    stream.close()
                })
            let connection = HTTP2Connection(
                id: id, channel: channel, info: connectionInfo, origin: origin, multiplexer: multiplexer,
                onEvent: onEvent)
            try channel.pipeline.syncOperations.addHandler(FrameWatcher(connection: connection))
            return connection
        }
    }

    /// Opens a stream whose pipeline `initializer` sets up; the stream is closed when its channel closes.
    func openStream(
        _ initializer: @escaping @Sendable (any Channel) -> EventLoopFuture<Void>
    ) async throws -> any Channel {
        try await multiplexer.createStreamChannel(initializer).get()
    }

    /// Runs one exchange on a new stream; returns when the final response head has arrived. `onStreamClosed`
    /// runs when the stream has closed (so its slot can be reused).
    func execute(
        _ request: HTTPExchangeRequest, head: HTTPRequestHead, isReused: Bool,
        onStreamClosed: @escaping @Sendable () -> Void
    ) async throws -> HTTPExchangeResponse {
        let exchangeInfo = info.forExchange(isReused: isReused)
        let eventLoop = channel.eventLoop
        let origin = self.origin
        let multiplexer = self.multiplexer
        let handlerPromise = eventLoop.makePromise(of: NIOLoopBound<HTTPExchangeHandler>.self)
        do {
            // One crossing to the loop opens the stream and registers the wait for the head.
            return try await eventLoop.startAndWait(cancellation: request.cancellation) { cancelled in
                let promise = eventLoop.makePromise(of: HTTPExchangeResponse.self)
                multiplexer.createStreamChannel { stream in
                    stream.eventLoop.makeCompletedFuture {
                        let handler = HTTPExchangeHandler(origin: origin)
                        try stream.pipeline.syncOperations.addHandler(
                            HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
                        try stream.pipeline.syncOperations.addHandler(handler)
                        handlerPromise.succeed(NIOLoopBound(handler, eventLoop: stream.eventLoop))
                    }
                }.whenComplete { result in
                    switch result {
                    case .success(let stream):
                        stream.closeFuture.whenComplete { _ in onStreamClosed() }
                        handlerPromise.futureResult.whenSuccess { handler in
                            handler.value.start(request, head: head, info: exchangeInfo, promise: promise)
                            if cancelled.isSet { handler.value.cancel() }
                        }
                    case .failure(let error):
                        handlerPromise.fail(error)
                        onStreamClosed()
                        promise.fail(
                            HTTPEngineError(
                                .streamRefused, "\(origin) could not open a stream", underlying: error,
                                requestMayHaveBeenProcessed: false))
                    }
                }
                return promise.futureResult
            } cancel: {
                handlerPromise.futureResult.whenSuccess { $0.value.cancel() }
            }
        } catch let error as HTTPEngineError {
            throw classify(error)
        }
    }

    /// Marks a failed stream the server never processed (refused, or above a GOAWAY's last stream ID) as safe
    /// to retry on a new connection, and one it may have processed as such. A stream that lost its connection
    /// gets the connection's error as its cause: a stream only sees its own close, not the TLS alert that closed
    /// the connection under it.
    private func classify(_ error: HTTPEngineError) -> HTTPEngineError {
        if error.underlying == nil,
            error.code == .connectionLostBeforeResponse || error.code == .connectionLostDuringBody,
            let connectionError
        {
            var explained = error
            explained.underlying = connectionError
            return explained
        }
        guard let closed = error.underlying as? NIOHTTP2Errors.StreamClosed else { return error }
        let refused = closed.errorCode == .refusedStream
        let aboveGoAway = goAwayLastStreamID.map { closed.streamID > $0 } ?? false
        guard refused || aboveGoAway else { return error }
        return HTTPEngineError(
            .streamRefused, "\(origin) did not process the request (stream \(closed.streamID) was refused)",
            underlying: closed, requestMayHaveBeenProcessed: false)
    }

    /// Sends a PING and waits for its acknowledgement; throws when the connection closes first or no answer
    /// comes within `timeout`.
    func ping(timeout: TimeAmount) async throws {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        let number = state.withLock { state in
            let number = state.nextPing
            state.nextPing &+= 1
            state.pendingPings[number] = promise
            return number
        }
        let frame = HTTP2Frame(streamID: .rootStream, payload: .ping(HTTP2PingData(withInteger: number), ack: false))
        channel.writeAndFlush(frame).whenFailure { error in
            self.settlePing(number, with: .failure(error))
        }
        let timer = channel.eventLoop.scheduleTask(in: timeout) {
            self.settlePing(number, with: .failure(ChannelError.connectTimeout(timeout)))
        }
        defer { timer.cancel() }
        try await promise.futureResult.get()
    }

    /// Closes the connection.
    func close() {
        channel.close(promise: nil)
    }

    fileprivate func settlePing(_ number: UInt64, with result: Result<Void, any Error>) {
        let promise = state.withLock { $0.pendingPings.removeValue(forKey: number) }
        promise?.completeWith(result)
    }

    fileprivate func received(_ payload: HTTP2Frame.FramePayload) {
        switch payload {
        case .settings(.settings(let settings)):
            for setting in settings where setting.parameter == .maxConcurrentStreams {
                state.withLock { $0.maximumConcurrentStreams = setting.value }
                onEvent(self, .maximumConcurrentStreamsChanged(setting.value))
            }
        case .goAway(let lastStreamID, _, _):
            state.withLock { $0.goAwayLastStreamID = lastStreamID }
            onEvent(self, .goAway(lastStreamID: lastStreamID))
        case .ping(let data, ack: true):
            settlePing(data.integer, with: .success(()))
        default:
            break
        }
    }

    fileprivate func failed(_ error: any Error) {
        state.withLock { state in
            if state.connectionError == nil { state.connectionError = error }
        }
    }

    fileprivate func closed() {
        let pings = state.withLock { state in
            let pending = state.pendingPings
            state.pendingPings = [:]
            return pending
        }
        for promise in pings.values { promise.fail(ChannelError.ioOnClosedChannel) }
        onEvent(self, .closed)
    }

    /// Watches the connection's own frames (stream 0) for SETTINGS, GOAWAY and PING acknowledgements.
    private final class FrameWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTP2Frame

        private let connection: HTTP2Connection

        init(connection: HTTP2Connection) {
            self.connection = connection
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            connection.received(unwrapInboundIn(data).payload)
        }

        func channelInactive(context: ChannelHandlerContext) {
            connection.closed()
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A connection-level error (protocol violation, TLS failure) ends the connection; streams see the
            // close, and their exchanges report this error as its cause.
            connection.failed(error)
            context.close(promise: nil)
        }
    }
}
