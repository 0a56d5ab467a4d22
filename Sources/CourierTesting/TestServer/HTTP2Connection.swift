import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTP2

/// Serves HTTP/2 on one connection: every stream the client opens gets its own task, and sees HTTP/1-style
/// parts through `HTTP2FramePayloadToHTTP1ServerCodec`.
///
/// Writes are awaited until the stream has passed them on, so HTTP/2 flow control holds back a streamed
/// body the client does not read.
enum HTTP2Connection {
    typealias StreamChannel = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    typealias Multiplexer = NIOHTTP2Handler.AsyncStreamMultiplexer<StreamChannel>

    /// Adds the HTTP/2-to-HTTP/1 codec to a new stream and wraps it; must run on the stream's event loop.
    static func configureStream(_ channel: any Channel) throws -> StreamChannel {
        try channel.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
        return try StreamChannel(wrappingChannelSynchronously: channel)
    }

    static func serve(_ multiplexer: Multiplexer, context: ConnectionContext) async {
        await withDiscardingTaskGroup { group in
            do {
                for try await stream in multiplexer.inbound {
                    group.addTask {
                        await self.serveStream(stream, context: context)
                    }
                }
            } catch {
                // The connection failed; its streams end with it.
            }
            context.channel.close(promise: nil)
        }
    }

    private static func serveStream(_ stream: StreamChannel, context: ConnectionContext) async {
        let channel = stream.channel
        try? await stream.executeThenClose { inbound, _ in
            var parts = inbound.makeAsyncIterator()
            guard case .head(let head) = try await parts.next() else {
                return
            }
            let body: ByteBuffer
            switch try await parts.collectBody(limit: context.bodyLimit) {
            case .complete(let collected):
                body = collected
            case .tooLarge:
                try await self.send(TestServer.Response(status: 413), isHEAD: false, on: channel, context: context)
                return
            case .cutShort:
                return
            }
            let response = try await context.respond(to: head, body: body, version: "HTTP/2")
            try await self.send(response, isHEAD: head.method == .HEAD, on: channel, context: context)
        }
    }

    /// Writes `response` on a stream. Returning closes the stream: after a complete response that is a
    /// no-op, after a partial one it resets the stream.
    private static func send(
        _ response: TestServer.Response,
        isHEAD: Bool,
        on channel: any Channel,
        context: ConnectionContext
    ) async throws {
        if let misbehavior = response.misbehavior {
            switch misbehavior {
            case .raw:
                return
            case .truncatedBody(_, let sending):
                try await self.write(.head(self.head(for: response, headers: response.headers)), to: channel)
                try await self.write(.body(.byteBuffer(ByteBuffer(bytes: sending))), to: channel)
                return
            case .closeConnection:
                context.channel.close(promise: nil)
                return
            case .hang:
                await ConnectionContext.waitUntilClosed(channel)
                return
            case .headThenHang:
                try await self.write(.head(self.head(for: response, headers: response.headers)), to: channel)
                await ConnectionContext.waitUntilClosed(channel)
                return
            }
        }

        var headers = response.headers
        switch response.body {
        case .empty:
            if response.statusAllowsBody && headers[.contentLength] == nil {
                headers[.contentLength] = "0"
            }
        case .data(let data):
            if response.statusAllowsBody && headers[.contentLength] == nil {
                headers[.contentLength] = String(data.count)
            }
        case .stream, .chunks:
            break
        }
        // Connection-specific fields are not allowed on HTTP/2.
        headers[.transferEncoding] = nil
        headers[.connection] = nil
        try await self.write(.head(self.head(for: response, headers: headers)), to: channel)
        if response.statusAllowsBody && !isHEAD {
            try await response.body.forEachChunk { data in
                guard !data.isEmpty else {
                    return
                }
                try await self.write(.body(.byteBuffer(ByteBuffer(bytes: data))), to: channel)
            }
        }
        try await self.write(.end(nil), to: channel)
    }

    private static func head(for response: TestServer.Response, headers: HTTPFields) -> HTTPResponseHead {
        var nioHeaders = HTTPHeaders()
        for field in headers {
            nioHeaders.add(name: field.name.canonicalName, value: field.value)
        }
        return HTTPResponseHead(
            version: .http2,
            status: HTTPResponseStatus(statusCode: response.status),
            headers: nioHeaders
        )
    }

    private static func write(_ part: HTTPServerResponsePart, to channel: any Channel) async throws {
        try await channel.writeAndFlush(part).get()
    }
}
