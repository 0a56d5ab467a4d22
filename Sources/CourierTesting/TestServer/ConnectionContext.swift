import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL

/// What the code serving one accepted TCP connection needs to know.
struct ConnectionContext: Sendable {
    let state: TestServerState
    let handler: TestServer.Handler
    let bodyLimit: Int
    /// The thread the server runs on; handlers run there too.
    let executor: DedicatedThreadExecutor
    /// 0 for the first connection the server accepted.
    let index: Int
    /// The TCP connection (for HTTP/2, the parent of every stream).
    let channel: any Channel
    let isTLS: Bool

    /// The certificate the client presented, read once the handshake is done.
    func clientCertificate() async -> NIOSSLCertificate? {
        guard self.isTLS else {
            return nil
        }
        return try? await self.channel.nioSSL_peerCertificate().get()
    }

    /// Builds, records and answers one request; a handler error becomes a `500` naming the error.
    ///
    /// - Throws: `CancellationError` when the server shuts down while the handler runs.
    func respond(to head: HTTPRequestHead, body: ByteBuffer, version: String) async throws -> TestServer.Response {
        let request = TestServer.Request(
            method: head.method.rawValue,
            target: head.uri,
            headers: HTTPFields(nioHeaders: head.headers),
            body: body.withUnsafeReadableBytes { Data($0) },
            httpVersion: version,
            remoteAddress: self.channel.remoteAddress,
            connectionIndex: self.index,
            clientCertificate: await self.clientCertificate()
        )
        self.state.record(request)
        do {
            return try await HandlerInvocation.run(self.handler, with: request, on: self.executor)
        } catch {
            try Task.checkCancellation()
            return .text("test server handler failed: \(error)\n", status: 500)
        }
    }

    /// Waits until `channel` closes; cancellation closes it.
    static func waitUntilClosed(_ channel: any Channel) async {
        await withTaskCancellationHandler {
            try? await channel.closeFuture.get()
        } onCancel: {
            channel.close(promise: nil)
        }
    }
}

/// How the body of a request ended.
enum CollectedBody {
    case complete(ByteBuffer)
    case tooLarge
    /// The connection or stream ended before the request did.
    case cutShort
}

extension NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator {
    /// Reads body parts up to the request's end, keeping at most `limit` bytes; a larger body is read to
    /// its end and dropped, so the client can still read the `413` that follows.
    mutating func collectBody(limit: Int) async throws -> CollectedBody {
        var body = ByteBuffer()
        var tooLarge = false
        while let part = try await self.next() {
            switch part {
            case .body(var chunk):
                if tooLarge || body.readableBytes + chunk.readableBytes > limit {
                    tooLarge = true
                } else {
                    body.writeBuffer(&chunk)
                }
            case .end:
                return tooLarge ? .tooLarge : .complete(body)
            case .head:
                return .cutShort
            }
        }
        return .cutShort
    }
}

extension HTTPFields {
    /// Converts NIO's header list, keeping order and duplicates; names that are not tokens are skipped.
    fileprivate init(nioHeaders headers: HTTPHeaders) {
        self.init()
        self.reserveCapacity(headers.count)
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) {
                self.append(HTTPField(name: fieldName, value: value))
            }
        }
    }
}

extension TestServer.Response.Body {
    /// Calls `write` with each piece of the body in order, sleeping between chunks where asked.
    ///
    /// - Throws: What `write` throws, or `CancellationError` when the task is cancelled.
    func forEachChunk(_ write: (Data) async throws -> Void) async throws {
        switch self {
        case .empty:
            return
        case .data(let data):
            try await write(data)
        case .stream(let stream):
            for await data in stream {
                try await write(data)
            }
            try Task.checkCancellation()
        case .chunks(let chunks, let delay):
            for chunk in chunks {
                if delay > .zero {
                    try await Task.sleep(for: delay)
                }
                try await write(chunk)
            }
        }
    }
}

extension TestServer.Response {
    /// Whether a status code may carry a body at all.
    var statusAllowsBody: Bool {
        !((100..<200).contains(self.status) || self.status == 204 || self.status == 304)
    }

    /// The reason phrase NIO knows for the status code, or an empty one.
    var reasonPhrase: String {
        HTTPResponseStatus(statusCode: self.status).reasonPhrase
    }
}
