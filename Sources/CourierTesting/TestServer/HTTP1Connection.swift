import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// Serves HTTP/1.x on one connection: requests are parsed by NIO's decoder and answered one after the
/// other (pipelined requests wait their turn), responses are formatted here byte by byte so that the
/// misbehaviour modes can send exactly what they mean to.
///
/// Every write is awaited until NIO has handed it to the socket, which gives streamed bodies backpressure
/// and guarantees that a deliberate close comes after the bytes before it.
enum HTTP1Connection {
    typealias AsyncChannel = NIOAsyncChannel<HTTPServerRequestPart, ByteBuffer>

    /// What happens to the connection after a response.
    enum Disposition {
        case keepAlive
        case close
        case waitForClose
    }

    /// Adds the request decoder and wraps the channel; must run on the channel's event loop.
    static func configure(_ channel: any Channel) throws -> AsyncChannel {
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes))
        )
        return try AsyncChannel(wrappingChannelSynchronously: channel)
    }

    static func serve(_ asyncChannel: AsyncChannel, context: ConnectionContext) async {
        let channel = asyncChannel.channel
        try? await asyncChannel.executeThenClose { inbound, _ in
            var parts = inbound.makeAsyncIterator()
            while true {
                let head: HTTPRequestHead
                do {
                    guard let part = try await parts.next() else {
                        return
                    }
                    guard case .head(let requestHead) = part else {
                        return
                    }
                    head = requestHead
                } catch {
                    try await self.write(Self.simpleResponse(status: 400), to: channel)
                    return
                }
                if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                    // A client that waits for 100 Continue can be refused before it sends a body too large.
                    if let length = head.headers.first(name: "content-length").flatMap(Int.init),
                        length > context.bodyLimit
                    {
                        try await self.write(Self.simpleResponse(status: 413), to: channel)
                        return
                    }
                    try await self.write(ByteBuffer(string: "HTTP/1.1 100 Continue\r\n\r\n"), to: channel)
                }
                let body: ByteBuffer
                switch try await parts.collectBody(limit: context.bodyLimit) {
                case .complete(let collected):
                    body = collected
                case .tooLarge:
                    try await self.write(Self.simpleResponse(status: 413), to: channel)
                    return
                case .cutShort:
                    return
                }
                let version = "HTTP/\(head.version.major).\(head.version.minor)"
                let response = try await context.respond(to: head, body: body, version: version)
                switch try await self.send(response, answering: head, on: channel) {
                case .keepAlive:
                    continue
                case .close:
                    return
                case .waitForClose:
                    await ConnectionContext.waitUntilClosed(channel)
                    return
                }
            }
        }
    }

    /// Writes `response` and says what the connection should do next.
    static func send(
        _ response: TestServer.Response,
        answering head: HTTPRequestHead,
        on channel: any Channel
    ) async throws -> Disposition {
        if let misbehavior = response.misbehavior {
            return try await self.misbehave(misbehavior, response: response, head: head, on: channel)
        }
        var headers = response.headers
        let sendsBody = response.statusAllowsBody && head.method != .HEAD
        var closes = !head.isKeepAlive || Self.saysClose(headers)
        var chunked = false
        switch response.body {
        case .empty:
            if response.statusAllowsBody && headers[.contentLength] == nil && headers[.transferEncoding] == nil {
                headers[.contentLength] = "0"
            }
        case .data(let data):
            if response.statusAllowsBody && headers[.contentLength] == nil && headers[.transferEncoding] == nil {
                headers[.contentLength] = String(data.count)
            }
        case .stream, .chunks:
            if headers[.contentLength] != nil {
                break
            } else if Self.isAtLeastHTTP11(head.version) {
                headers[.transferEncoding] = headers[.transferEncoding] ?? "chunked"
                chunked = true
            } else {
                closes = true
            }
        }
        if closes && headers[.connection] == nil {
            headers[.connection] = "close"
        } else if !closes && !Self.isAtLeastHTTP11(head.version) && headers[.connection] == nil {
            headers[.connection] = "keep-alive"
        }

        var buffer = Self.head(status: response.status, reason: response.reasonPhrase, headers: headers)
        if case .data(let data) = response.body, sendsBody {
            buffer.writeBytes(data)
        }
        try await self.write(buffer, to: channel)
        switch response.body {
        case .stream, .chunks:
            guard sendsBody else {
                break
            }
            try await response.body.forEachChunk { data in
                guard !data.isEmpty else {
                    return
                }
                var piece = ByteBuffer()
                if chunked {
                    piece.writeString(String(data.count, radix: 16) + "\r\n")
                    piece.writeBytes(data)
                    piece.writeString("\r\n")
                } else {
                    piece.writeBytes(data)
                }
                try await self.write(piece, to: channel)
            }
            if chunked {
                try await self.write(ByteBuffer(string: "0\r\n\r\n"), to: channel)
            }
        case .empty, .data:
            break
        }
        return closes ? .close : .keepAlive
    }

    private static func misbehave(
        _ misbehavior: Misbehavior,
        response: TestServer.Response,
        head: HTTPRequestHead,
        on channel: any Channel
    ) async throws -> Disposition {
        switch misbehavior {
        case .raw(let bytes, let thenClose):
            try await self.write(ByteBuffer(bytes: bytes), to: channel)
            return thenClose || !head.isKeepAlive ? .close : .keepAlive
        case .truncatedBody(_, let sending):
            var buffer = Self.head(status: response.status, reason: response.reasonPhrase, headers: response.headers)
            buffer.writeBytes(sending)
            try await self.write(buffer, to: channel)
            return .close
        case .closeConnection:
            return .close
        case .hang:
            return .waitForClose
        case .headThenHang:
            var headers = response.headers
            if headers[.contentLength] == nil && headers[.transferEncoding] == nil {
                headers[.transferEncoding] = "chunked"
            }
            try await self.write(
                Self.head(status: response.status, reason: response.reasonPhrase, headers: headers), to: channel)
            return .waitForClose
        }
    }

    private static func isAtLeastHTTP11(_ version: HTTPVersion) -> Bool {
        version.major > 1 || (version.major == 1 && version.minor >= 1)
    }

    private static func saysClose(_ headers: HTTPFields) -> Bool {
        headers[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }

    static func head(status: Int, reason: String, headers: HTTPFields) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString("HTTP/1.1 \(status) \(reason)\r\n")
        for field in headers {
            buffer.writeString("\(field.name.rawName): \(field.value)\r\n")
        }
        buffer.writeString("\r\n")
        return buffer
    }

    /// A bodiless answer that closes the connection, for requests the server cannot take.
    private static func simpleResponse(status: Int) -> ByteBuffer {
        var headers = HTTPFields()
        headers[.contentLength] = "0"
        headers[.connection] = "close"
        return self.head(status: status, reason: HTTPResponseStatus(statusCode: status).reasonPhrase, headers: headers)
    }

    private static func write(_ buffer: ByteBuffer, to channel: any Channel) async throws {
        try await channel.writeAndFlush(buffer).get()
    }
}
