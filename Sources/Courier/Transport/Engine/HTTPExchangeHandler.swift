import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Synchronization

/// Runs HTTP exchanges, one at a time, on a channel that speaks `HTTPClientRequestPart`/`HTTPClientResponsePart`:
/// an HTTP/1.1 connection (many exchanges in turn) or an HTTP/2 stream with the HTTP/1-style codec (one).
///
/// Every method runs on the channel's event loop. The request side and the response side of an exchange move
/// independently (a server may answer before the body is sent); the exchange ends when both are done, and the
/// owner learns whether the connection can carry another one.
final class HTTPExchangeHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// Tells the handler, from any thread, that the body's reader wants more or has gone away.
    struct BodyDelegate: NIOAsyncSequenceProducerDelegate {
        let handler: NIOLoopBound<HTTPExchangeHandler>
        let exchangeNumber: Int
        /// Set on the event loop once the body's source is finished (the end, or a failure); read by
        /// `didTerminate`, which then has nothing to tell the handler and saves a hop to the event loop per
        /// response.
        let ended: BodyEnd

        func produceMore() {
            let number = exchangeNumber
            handler.runOnLoop { $0.readerWantsMore(exchange: number) }
        }

        /// Ends the exchange while its body is read: the read in progress throws `CancellationError`.
        func stopReading() {
            let number = exchangeNumber
            handler.runOnLoop { $0.readerWentAway(exchange: number) }
        }

        func didTerminate() {
            if ended.value.load(ordering: .acquiring) { return }
            let number = exchangeNumber
            handler.runOnLoop { $0.readerWentAway(exchange: number) }
        }
    }

    /// Whether an exchange's body source has been finished (see ``BodyDelegate/ended``).
    final class BodyEnd: Sendable {
        let value = Atomic<Bool>(false)

        func mark() { value.store(true, ordering: .releasing) }
    }

    private typealias Source = HTTPResponseBodyStream.Producer.Source

    private enum RequestPhase {
        /// Head written; waiting (a second unless the request says otherwise) for `100 Continue` before the body.
        case waitingForContinue(Scheduled<Void>)
        /// The body is being written.
        case sendingBody
        /// The whole request was written.
        case sent
        /// A final response came before `100 Continue`: the body is not sent and the connection is not reused.
        case abandoned
    }

    private enum ResponsePhase {
        case waitingForHead
        /// The final head came in the read in progress, with these body parts so far: it is handed over at the end
        /// of that read (streaming the rest) or at the body's end, if that is in the same read (whole).
        case headArrived(HTTPResponse, [ByteBuffer], HTTPResponseBodyStream.Trailers)
        case streaming(Source, HTTPResponseBodyStream.Trailers, BodyEnd)
        case done

        /// Whether the final response head has arrived (so a failure now is one during the body).
        var hasHead: Bool {
            switch self {
            case .headArrived, .streaming: true
            case .waitingForHead, .done: false
            }
        }
    }

    /// The exchange in progress. A class, used only on the event loop: the state changes of every read and write
    /// then update it in place instead of copying the request (its closures, key and head) each time.
    private final class Exchange {
        let number: Int
        let request: HTTPExchangeRequest
        var promise: EventLoopPromise<HTTPExchangeResponse>?
        var info: HTTPConnectionInfo
        var requestPhase: RequestPhase
        var responsePhase: ResponsePhase = .waitingForHead
        var reusable: Bool
        var bodyTask: Task<Void, Never>?

        init(
            number: Int, request: HTTPExchangeRequest, promise: EventLoopPromise<HTTPExchangeResponse>?,
            info: HTTPConnectionInfo, requestPhase: RequestPhase, reusable: Bool
        ) {
            self.number = number
            self.request = request
            self.promise = promise
            self.info = info
            self.requestPhase = requestPhase
            self.reusable = reusable
        }
    }

    private enum State {
        case idle
        case exchanging(Exchange)
        case closed
    }

    /// Named in error messages (`host:port`, and the proxy).
    let origin: String
    /// Called on the event loop when an exchange ends: true when the channel can carry another exchange.
    var onExchangeEnd: ((Bool) -> Void)?

    private var state: State = .idle
    private var context: ChannelHandlerContext?
    private var exchangeCounter = 0
    /// Whether the body's reader wants more; while it does not, reads from the socket are held back.
    private var readerHasDemand = true
    private var heldRead = false
    /// The error the pipeline reported while no exchange was running (a TLS alert on an idle or just-made
    /// connection): the cause of the close that the next `start` then reports.
    private var idleError: (any Error)?

    init(origin: String) {
        self.origin = origin
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // A head that arrived is never left undelivered (its body ends with the loss).
        if case .exchanging(let exchange) = state, case .headArrived = exchange.responsePhase {
            fail(
                HTTPEngineError(
                    .connectionLostDuringBody, "the connection to \(origin) closed before the end of the body",
                    requestMayHaveBeenProcessed: true))
        }
        self.context = nil
        // The owner (an `HTTP1Connection`) holds this handler, and the callback holds the owner: without this
        // the pair, and the channel with its buffers, would outlive the connection (about 6 KB per connection).
        onExchangeEnd = nil
    }

    // MARK: Starting

    /// Starts an exchange; `promise` gets the final response head or the failure.
    func start(
        _ request: HTTPExchangeRequest, head: HTTPRequestHead, info: HTTPConnectionInfo,
        promise: EventLoopPromise<HTTPExchangeResponse>
    ) {
        guard case .idle = state, let context, context.channel.isActive else {
            promise.fail(
                HTTPEngineError(
                    .connectionLostBeforeResponse, "the connection to \(origin) closed before the request",
                    underlying: idleError))
            return
        }
        exchangeCounter &+= 1
        readerHasDemand = true
        var info = info
        info.requestStart = Date()
        let expectsContinue =
            head.headers.first(name: "expect")?.lowercased() == "100-continue"
        let number = exchangeCounter
        // The exchange is in place before the first write: a write that fails can close the channel then and
        // there (a TLS 1.3 server that refused the client certificate has already reset the connection), and
        // that close must find the exchange to fail, or the exchange would wait for a response forever.
        state = .exchanging(
            Exchange(
                number: number, request: request, promise: promise, info: info, requestPhase: .sendingBody,
                reusable: head.isKeepAlive))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        switch request.body {
        case .none:
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            bodyWasWritten(exchange: number)
        case .bytes, .stream:
            if expectsContinue {
                let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
                let timer = context.eventLoop.scheduleTask(in: request.continueWait) {
                    handler.value.continueWaitEnded(exchange: number)
                }
                guard case .exchanging(let exchange) = state, exchange.number == number else {
                    timer.cancel()
                    return
                }
                exchange.requestPhase = .waitingForContinue(timer)
                state = .exchanging(exchange)
                context.flush()
            } else {
                sendBody(context: context)
            }
        }
    }

    private func sendBody(context: ChannelHandlerContext) {
        guard case .exchanging(let exchange) = state else { return }
        exchange.requestPhase = .sendingBody
        switch exchange.request.body {
        case .none:
            state = .exchanging(exchange)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            bodyWasWritten()
        case .bytes(let buffer):
            state = .exchanging(exchange)
            writeBytes(buffer, exchange: exchange.number, context: context)
        case .stream(let length, let make):
            exchange.bodyTask = Self.startStreaming(
                make: make, length: length, channel: context.channel,
                handler: NIOLoopBound(self, eventLoop: context.eventLoop), exchange: exchange.number,
                onWritten: exchange.request.onBodyBytesWritten, origin: origin)
            state = .exchanging(exchange)
        }
    }

    /// The largest piece of an in-memory body written at once; upload progress moves piece by piece.
    static let bodyPieceSize = 64 * 1024

    /// Writes what is left of an in-memory body, one piece after the previous one was written, then the end.
    /// It all runs on the event loop, so the request goes out at the socket's pace even when the process's
    /// cooperative pool is busy (a body written from a task could wait behind every other task).
    private func writeBytes(_ remaining: ByteBuffer, exchange number: Int, context: ChannelHandlerContext) {
        var rest = remaining
        let piece = rest.readSlice(length: min(rest.readableBytes, Self.bodyPieceSize)) ?? ByteBuffer()
        let count = piece.readableBytes
        let isLast = rest.readableBytes == 0
        let promise = context.eventLoop.makePromise(of: Void.self)
        if isLast {
            if count > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(piece))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
        } else {
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(piece))), promise: promise)
        }
        guard case .exchanging(let exchange) = state, exchange.number == number else { return }
        let onWritten = exchange.request.onBodyBytesWritten
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let left = rest
        promise.futureResult.whenSuccess {
            if count > 0 { onWritten?(count) }
            if isLast {
                handler.value.bodyWasWritten(exchange: number)
            } else {
                handler.value.continueBytes(left, exchange: number)
            }
        }
    }

    private func continueBytes(_ rest: ByteBuffer, exchange number: Int) {
        guard case .exchanging(let exchange) = state, exchange.number == number,
            case .sendingBody = exchange.requestPhase, let context
        else { return }
        writeBytes(rest, exchange: number, context: context)
    }

    private static func startStreaming(
        make: @escaping @Sendable () throws -> any AsyncSequence<ByteBuffer, any Error> & Sendable, length: Int64?,
        channel: any Channel, handler: NIOLoopBound<HTTPExchangeHandler>, exchange number: Int,
        onWritten: (@Sendable (Int) -> Void)?, origin: String
    ) -> Task<Void, Never> {
        Task {
            let result = await stream(
                make: make, length: length, channel: channel, onWritten: onWritten, origin: origin)
            channel.eventLoop.execute { handler.value.bodyStreamEnded(result, exchange: number) }
        }
    }

    /// Writes a streamed body, each chunk after the previous one was written (the socket's pace).
    private static func stream(
        make: @Sendable () throws -> any AsyncSequence<ByteBuffer, any Error> & Sendable, length: Int64?,
        channel: any Channel, onWritten: (@Sendable (Int) -> Void)?, origin: String
    ) async -> Result<Void, HTTPEngineError> {
        do {
            let sequence = try make()
            var written: Int64 = 0
            for try await chunk in sequence {
                try Task.checkCancellation()
                let count = chunk.readableBytes
                guard count > 0 else { continue }
                written += Int64(count)
                if let length, written > length {
                    return .failure(
                        HTTPEngineError(
                            .invalidRequest,
                            "the request body to \(origin) is longer than its declared \(length) bytes",
                            requestMayHaveBeenProcessed: true))
                }
                // Progress is told on the event loop the moment the write completes, before the connection
                // reads anything more: a response (a redirect, a challenge) that follows the last byte can
                // never overtake the progress of the bytes it answers.
                let done = channel.eventLoop.makePromise(of: Void.self)
                if let onWritten { done.futureResult.whenSuccess { onWritten(count) } }
                channel.writeAndFlush(HTTPClientRequestPart.body(.byteBuffer(chunk)), promise: done)
                try await done.futureResult.get()
            }
            if let length, written != length {
                return .failure(
                    HTTPEngineError(
                        .invalidRequest,
                        "the request body to \(origin) ended after \(written) of its declared \(length) bytes",
                        requestMayHaveBeenProcessed: true))
            }
            try await channel.writeAndFlush(HTTPClientRequestPart.end(nil))
            return .success(())
        } catch let error as HTTPEngineError {
            return .failure(error)
        } catch is CancellationError {
            return .failure(
                HTTPEngineError(
                    .requestBodyFailed, "sending the request body to \(origin) was cancelled",
                    requestMayHaveBeenProcessed: true))
        } catch let error as ChannelError {
            return .failure(
                HTTPEngineError(
                    .connectionLostBeforeResponse, "the connection to \(origin) closed while sending",
                    underlying: error, requestMayHaveBeenProcessed: true))
        } catch {
            return .failure(
                HTTPEngineError(
                    .requestBodyFailed, "reading the request body for \(origin) failed",
                    underlying: error, requestMayHaveBeenProcessed: true))
        }
    }

    private func continueWaitEnded(exchange number: Int) {
        guard case .exchanging(let exchange) = state, exchange.number == number,
            case .waitingForContinue = exchange.requestPhase, let context
        else { return }
        sendBody(context: context)
    }

    private func bodyWasWritten(exchange number: Int) {
        guard case .exchanging(let exchange) = state, exchange.number == number else { return }
        bodyWasWritten()
    }

    private func bodyWasWritten() {
        guard case .exchanging(let exchange) = state, case .sendingBody = exchange.requestPhase else { return }
        exchange.requestPhase = .sent
        exchange.bodyTask = nil
        state = .exchanging(exchange)
        requestWasSent()
    }

    private func requestWasSent() {
        guard case .exchanging(let exchange) = state else { return }
        exchange.info.requestEnd = Date()
        state = .exchanging(exchange)
        exchange.request.onRequestSent?()
        finishIfDone()
    }

    private func bodyStreamEnded(_ result: Result<Void, HTTPEngineError>, exchange number: Int) {
        guard case .exchanging(let exchange) = state, exchange.number == number else { return }
        switch result {
        case .success: bodyWasWritten()
        case .failure(let error): fail(error)
        }
    }

    // MARK: Cancelling

    /// Abandons the exchange while it waits for the response head (its task was cancelled).
    func cancel() {
        guard case .exchanging(let exchange) = state, exchange.promise != nil,
            case .waitingForHead = exchange.responsePhase
        else { return }
        fail(CancellationError())
    }

    // MARK: Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .exchanging = state else {
            // Bytes on an idle connection answer nothing that was asked: the connection cannot be trusted.
            state = .closed
            context.close(promise: nil)
            return
        }
        switch unwrapInboundIn(data) {
        case .head(let head):
            receivedHead(head, context: context)
        case .body(let buffer):
            guard case .exchanging(let exchange) = state else { return }
            switch exchange.responsePhase {
            case .streaming(let source, _, _):
                if case .stopProducing = source.yield(buffer) {
                    readerHasDemand = false
                }
            case .headArrived(let head, var parts, let box):
                exchange.responsePhase = .done  // drops the phase's reference to the parts before appending
                parts.append(buffer)
                exchange.responsePhase = .headArrived(head, parts, box)
                state = .exchanging(exchange)
            case .waitingForHead, .done:
                return
            }
        case .end(let trailers):
            guard case .exchanging(let exchange) = state else { return }
            switch exchange.responsePhase {
            case .streaming(let source, let box, let end):
                if let trailers, !trailers.isEmpty { box.set(HTTP1HeadConversion.trailers(trailers)) }
                exchange.responsePhase = .done
                state = .exchanging(exchange)
                // The connection goes back to the pool before the reader learns the body ended: a caller that sends
                // its next request at once then finds it idle instead of opening another connection.
                finishIfDone()
                end.mark()
                source.finish()
            case .headArrived(let head, let parts, let box):
                // Head and end in one read: handed over whole, with no producer, and its reader never waits.
                if let trailers, !trailers.isEmpty { box.set(HTTP1HeadConversion.trailers(trailers)) }
                let promise = exchange.promise
                exchange.promise = nil
                exchange.responsePhase = .done
                state = .exchanging(exchange)
                let response = HTTPExchangeResponse(
                    head: head, body: HTTPResponseBodyStream(buffered: parts, trailers: box), connection: exchange.info)
                finishIfDone()
                promise?.succeed(response)
            case .waitingForHead, .done:
                return
            }
        }
    }

    private func receivedHead(_ head: HTTPResponseHead, context: ChannelHandlerContext) {
        guard case .exchanging(let exchange) = state, case .waitingForHead = exchange.responsePhase else {
            fail(HTTPEngineError(.malformedResponse, "\(origin) sent a response that was not asked for"))
            return
        }
        let code = head.status.code
        if code == 101 {
            fail(
                HTTPEngineError(
                    .unexpectedUpgrade, "\(origin) switched protocols (101) when no upgrade was asked for",
                    requestMayHaveBeenProcessed: true))
            return
        }
        let response: HTTPResponse
        do {
            response = try HTTP1HeadConversion.response(head, origin: origin)
        } catch {
            fail(error)
            return
        }
        if code < 200 {
            if code == 100, case .waitingForContinue(let timer) = exchange.requestPhase {
                timer.cancel()
                state = .exchanging(exchange)
                sendBody(context: context)
            }
            exchange.request.onInformational?(response)
            return
        }
        if case .waitingForContinue(let timer) = exchange.requestPhase {
            timer.cancel()
            exchange.requestPhase = .abandoned
        }
        exchange.reusable = exchange.reusable && head.isKeepAlive
        exchange.info.responseStart = Date()
        // Handed over at the end of this read (or at the body's end, if it is in this read too), not now: body
        // parts that came with the head are then already there when the reader starts, so it does not wait
        // for them, and the task is woken once instead of twice.
        exchange.responsePhase = .headArrived(response, [], HTTPResponseBodyStream.Trailers())
        state = .exchanging(exchange)
    }

    /// Hands over a final head that arrived in the current read, with a body that streams the rest.
    private func deliverArrivedHead() {
        guard case .exchanging(let exchange) = state,
            case .headArrived(let head, let parts, let trailers) =
                exchange.responsePhase, let context
        else { return }
        let end = BodyEnd()
        let delegate = BodyDelegate(
            handler: NIOLoopBound(self, eventLoop: context.eventLoop), exchangeNumber: exchange.number, ended: end)
        let made = HTTPResponseBodyStream.Producer.makeSequence(
            backPressureStrategy: .init(lowWatermark: 2, highWatermark: 8), finishOnDeinit: false,
            delegate: delegate)
        let promise = exchange.promise
        exchange.promise = nil
        exchange.responsePhase = .streaming(made.source, trailers, end)
        state = .exchanging(exchange)
        if !parts.isEmpty, case .stopProducing = made.source.yield(contentsOf: parts) {
            readerHasDemand = false
        }
        promise?.succeed(
            HTTPExchangeResponse(
                head: head,
                body: HTTPResponseBodyStream(
                    producer: made.sequence, trailers: trailers, stopReading: { delegate.stopReading() }),
                connection: exchange.info))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        deliverArrivedHead()
        context.fireChannelReadComplete()
    }

    /// Ends the exchange once both sides are done.
    private func finishIfDone() {
        guard case .exchanging(let exchange) = state, case .done = exchange.responsePhase else { return }
        let reusable: Bool
        switch exchange.requestPhase {
        case .sent: reusable = exchange.reusable
        case .abandoned: reusable = false
        case .sendingBody, .waitingForContinue:
            // The server answered before the body was sent: stop sending and give up the connection.
            exchange.bodyTask?.cancel()
            if case .waitingForContinue(let timer) = exchange.requestPhase { timer.cancel() }
            reusable = false
        }
        state = .idle
        if !reusable {
            state = .closed
            context?.close(promise: nil)
        }
        onExchangeEnd?(reusable)
    }

    fileprivate func readerWantsMore(exchange number: Int) {
        guard case .exchanging(let exchange) = state, exchange.number == number else { return }
        readerHasDemand = true
        if heldRead, let context {
            heldRead = false
            context.read()
        }
    }

    fileprivate func readerWentAway(exchange number: Int) {
        guard case .exchanging(let exchange) = state, exchange.number == number,
            case .streaming = exchange.responsePhase
        else { return }
        fail(CancellationError())
    }

    func read(context: ChannelHandlerContext) {
        if !readerHasDemand, case .exchanging(let exchange) = state, case .streaming = exchange.responsePhase {
            heldRead = true
            return
        }
        context.read()
    }

    // MARK: Failing

    func channelInactive(context: ChannelHandlerContext) {
        let exchangeState = state
        state = .closed
        if case .exchanging(let exchange) = exchangeState {
            state = exchangeState
            if exchange.responsePhase.hasHead {
                fail(
                    HTTPEngineError(
                        .connectionLostDuringBody, "the connection to \(origin) closed before the end of the body",
                        requestMayHaveBeenProcessed: true))
            } else {
                fail(
                    HTTPEngineError(
                        .connectionLostBeforeResponse, "the connection to \(origin) closed before the response",
                        requestMayHaveBeenProcessed: true))
            }
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard case .exchanging(let exchange) = state else {
            if idleError == nil { idleError = error }
            context.close(promise: nil)
            return
        }
        let streaming = exchange.responsePhase.hasHead
        if let parserError = error as? HTTPParserError {
            if streaming, parserError == .invalidEOFState {
                fail(
                    HTTPEngineError(
                        .connectionLostDuringBody, "the connection to \(origin) closed before the end of the body",
                        underlying: error, requestMayHaveBeenProcessed: true))
            } else {
                fail(
                    HTTPEngineError(
                        .malformedResponse, "\(origin) sent a response that breaks HTTP", underlying: error,
                        requestMayHaveBeenProcessed: true))
            }
        } else {
            fail(
                HTTPEngineError(
                    streaming ? .connectionLostDuringBody : .connectionLostBeforeResponse,
                    "the connection to \(origin) failed", underlying: error, requestMayHaveBeenProcessed: true))
        }
    }

    /// Fails the exchange in progress and closes the channel.
    private func fail(_ error: any Error) {
        guard case .exchanging(let exchange) = state else { return }
        state = .closed
        exchange.bodyTask?.cancel()
        if case .waitingForContinue(let timer) = exchange.requestPhase { timer.cancel() }
        switch exchange.responsePhase {
        case .headArrived(let head, let parts, let trailers):
            // A head that arrived is handed over, and its body then ends with the error.
            let failure =
                error as? HTTPEngineError
                ?? HTTPEngineError(
                    .connectionLostDuringBody, "the connection to \(origin) failed", underlying: error,
                    requestMayHaveBeenProcessed: true)
            exchange.promise?.succeed(
                HTTPExchangeResponse(
                    head: head, body: HTTPResponseBodyStream(buffered: parts, failure: failure, trailers: trailers),
                    connection: exchange.info))
        case .streaming(let source, _, let end):
            exchange.promise?.fail(error)
            end.mark()
            source.finish(error)
        case .waitingForHead, .done:
            exchange.promise?.fail(error)
        }
        context?.close(promise: nil)
        onExchangeEnd?(false)
    }
}
