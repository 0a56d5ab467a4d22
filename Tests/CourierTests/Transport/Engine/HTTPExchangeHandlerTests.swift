import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import Courier

@Suite("HTTPExchangeHandler on EmbeddedChannel")
struct HTTPExchangeHandlerTests {
    /// Counts the reads the handler lets through to the socket.
    private final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = NIOAny
        var reads = 0

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    private struct Harness {
        let channel: EmbeddedChannel
        let counter: ReadCounter
        let handler: HTTPExchangeHandler
        let promise: EventLoopPromise<HTTPExchangeResponse>

        init(
            method: HTTPRequest.Method = .get, body: HTTPExchangeRequest.Body = .none, headers: HTTPFields = [:]
        ) throws {
            channel = EmbeddedChannel()
            counter = ReadCounter()
            handler = HTTPExchangeHandler(origin: "example.test:80")
            try channel.pipeline.syncOperations.addHandler(counter)
            try channel.pipeline.syncOperations.addHandler(handler)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
            let request = EngineTestSupport.request(port: 80, method: method, body: body, headers: headers)
            let head = HTTP1HeadConversion.requestHead(
                request.head, key: request.key, body: request.body, forHTTP2: false)
            promise = channel.eventLoop.makePromise()
            handler.start(
                request, head: head,
                info: HTTPConnectionInfo(connectionID: 1, isReused: false, protocolName: "http/1.1"),
                promise: promise)
        }
    }

    @Test func slowReaderStopsReadsFromTheSocket() async throws {
        let harness = try Harness()
        let head = try harness.channel.readOutbound(as: HTTPClientRequestPart.self)
        guard case .head(let requestHead) = head else {
            Issue.record("expected the request head, got \(String(describing: head))")
            return
        }
        #expect(requestHead.uri == "/")
        #expect(requestHead.headers["host"] == ["127.0.0.1"])
        try harness.channel.writeInbound(
            HTTPClientResponsePart.head(
                HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "20000"])))
        let response = try await harness.promise.futureResult.get()
        for _ in 0..<20 {
            try harness.channel.writeInbound(HTTPClientResponsePart.body(ByteBuffer(repeating: 1, count: 1000)))
        }
        // Nobody has read the body: the handler holds the socket's reads back.
        let readsBefore = harness.counter.reads
        harness.channel.read()
        harness.channel.read()
        #expect(harness.counter.reads == readsBefore)

        var iterator = response.body.makeAsyncIterator()
        var received = 0
        for _ in 0..<20 {
            received += try #require(try await iterator.next()).readableBytes
            harness.channel.embeddedEventLoop.run()
        }
        // The reader caught up: the held read went through.
        #expect(harness.counter.reads == readsBefore + 1)
        try harness.channel.writeInbound(HTTPClientResponsePart.end(nil))
        #expect(try await iterator.next() == nil)
        #expect(received == 20_000)
        _ = try? harness.channel.finish()
    }

    @Test func expectContinueSendsTheBodyAfterASecondWithoutAnAnswer() throws {
        let harness = try Harness(
            method: .put, body: .bytes(ByteBuffer(string: "data")), headers: [.expect: "100-continue"])
        let head = try harness.channel.readOutbound(as: HTTPClientRequestPart.self)
        guard case .head = head else {
            Issue.record("expected the request head, got \(String(describing: head))")
            return
        }
        // The body waits for 100 Continue, at most a second.
        #expect(try harness.channel.readOutbound(as: HTTPClientRequestPart.self) == nil)
        harness.channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        #expect(try harness.channel.readOutbound(as: HTTPClientRequestPart.self) == nil)
        harness.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(
            try harness.channel.readOutbound(as: HTTPClientRequestPart.self)
                == .body(.byteBuffer(ByteBuffer(string: "data"))))
        #expect(try harness.channel.readOutbound(as: HTTPClientRequestPart.self) == .end(nil))
        _ = try? harness.channel.finish()
    }

    @Test func informationalThenFinalOnTheSameExchange() async throws {
        let harness = try Harness()
        _ = try harness.channel.readOutbound(as: HTTPClientRequestPart.self)
        _ = try harness.channel.readOutbound(as: HTTPClientRequestPart.self)
        try harness.channel.writeInbound(
            HTTPClientResponsePart.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: 103))))
        try harness.channel.writeInbound(
            HTTPClientResponsePart.head(HTTPResponseHead(version: .http1_1, status: .noContent)))
        try harness.channel.writeInbound(HTTPClientResponsePart.end(nil))
        let response = try await harness.promise.futureResult.get()
        #expect(response.head.status == .noContent)
        #expect(harness.channel.isActive)
        _ = try? harness.channel.finish()
    }

    @Test func responseBeforeTheRequestWasAskedForIsMalformed() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(HTTPExchangeHandler(origin: "example.test:80"))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        try channel.writeInbound(
            HTTPClientResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
        #expect(channel.isActive == false)
    }

    @Test func headConversionUsesOriginFormAndFramesTheBody() {
        let key = HTTPConnectionKey(scheme: .https, host: "::1", port: 8443)
        let request = HTTPRequest(method: .post, scheme: "https", authority: nil, path: "/upload?x=1")
        let head = HTTP1HeadConversion.requestHead(
            request, key: key, body: .stream(length: nil, make: { BufferSequence(parts: []) }), forHTTP2: false)
        #expect(head.uri == "/upload?x=1")
        #expect(head.headers["host"] == ["[::1]:8443"])
        #expect(head.headers["transfer-encoding"] == ["chunked"])
        let sized = HTTP1HeadConversion.requestHead(
            request, key: key, body: .bytes(ByteBuffer(string: "abc")), forHTTP2: true)
        #expect(sized.headers["content-length"] == ["3"])
    }

    @Test func aResponseWhoseHeadAndEndComeInOneReadIsHandedOverWhole() async throws {
        let harness = try Harness()
        let ended = NIOLockedValueBox<[Bool]>([])
        harness.handler.onExchangeEnd = { reusable in ended.withLockedValue { $0.append(reusable) } }
        let pipeline = harness.channel.pipeline
        pipeline.fireChannelRead(
            HTTPClientResponsePart.head(
                HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "6"])))
        pipeline.fireChannelRead(HTTPClientResponsePart.body(ByteBuffer(string: "abc")))
        pipeline.fireChannelRead(HTTPClientResponsePart.body(ByteBuffer(string: "def")))
        pipeline.fireChannelRead(HTTPClientResponsePart.end(nil))
        // Handed over at the end of the body, before the read completes, with the connection already free.
        #expect(ended.withLockedValue { $0 } == [true])
        let response = try await harness.promise.futureResult.get()
        #expect(response.body.stopReading == nil)
        let body = try await response.body.collect(upTo: 100)
        #expect(String(buffer: body) == "abcdef")
        pipeline.fireChannelReadComplete()
    }

    @Test func aConnectionLostAfterTheHeadInTheSameReadEndsTheBodyWithTheLoss() async throws {
        let harness = try Harness()
        let pipeline = harness.channel.pipeline
        pipeline.fireChannelRead(
            HTTPClientResponsePart.head(
                HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": "100"])))
        pipeline.fireChannelRead(HTTPClientResponsePart.body(ByteBuffer(string: "abc")))
        pipeline.fireChannelInactive()
        let response = try await harness.promise.futureResult.get()
        var iterator = response.body.makeAsyncIterator()
        #expect(try await iterator.next().map { String(buffer: $0) } == "abc")
        let error = await #expect(throws: HTTPEngineError.self) { try await iterator.next() }
        #expect(error?.code == .connectionLostDuringBody)
    }
}
