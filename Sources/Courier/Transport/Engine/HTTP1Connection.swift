import NIOCore
import NIOHTTP1

/// One HTTP/1.1 connection: runs one exchange at a time and tells its owner when it can take the next.
final class HTTP1Connection: Sendable {
    /// The pool's identifier of the connection.
    let id: Int
    let channel: any Channel
    /// Addresses, TLS facts and the timings of connecting.
    let info: HTTPConnectionInfo
    private let handler: NIOLoopBound<HTTPExchangeHandler>

    private init(id: Int, channel: any Channel, info: HTTPConnectionInfo, handler: NIOLoopBound<HTTPExchangeHandler>) {
        self.id = id
        self.channel = channel
        self.info = info
        self.handler = handler
    }

    /// Sets up HTTP/1.1 on a connected channel; call on its event loop. `onExchangeEnd` runs on the event loop
    /// after each exchange, with true when the connection can carry another one.
    static func setUp(
        _ connected: HTTPConnector.Connected, id: Int, origin: String,
        onExchangeEnd: @escaping @Sendable (HTTP1Connection, Bool) -> Void
    ) throws -> HTTP1Connection {
        try connected.setUp(id: id, protocolName: "http/1.1", origin: origin) { channel, connectionInfo in
            let handler = HTTPExchangeHandler(origin: origin)
            let sync = channel.pipeline.syncOperations
            try sync.addHandler(HTTPRequestEncoder())
            try sync.addHandler(
                ByteToMessageHandler(
                    HTTPResponseDecoder(leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .forward)))
            try sync.addHandler(handler)
            let connection = HTTP1Connection(
                id: id, channel: channel, info: connectionInfo,
                handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
            handler.onExchangeEnd = { reusable in onExchangeEnd(connection, reusable) }
            return connection
        }
    }

    /// Runs one exchange; returns when the final response head has arrived.
    func execute(
        _ request: HTTPExchangeRequest, head: HTTPRequestHead, isReused: Bool
    ) async throws -> HTTPExchangeResponse {
        let info = self.info.forExchange(isReused: isReused)
        let eventLoop = channel.eventLoop
        let handler = self.handler
        return try await eventLoop.startAndWait(cancellation: request.cancellation) { cancelled in
            let promise = eventLoop.makePromise(of: HTTPExchangeResponse.self)
            handler.value.start(request, head: head, info: info, promise: promise)
            if cancelled.isSet { handler.value.cancel() }
            return promise.futureResult
        } cancel: {
            handler.value.cancel()
        }
    }

    /// Closes the connection.
    func close() {
        channel.close(promise: nil)
    }
}
