import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The floor the HTTP benchmark measures every client against: a bare swift-nio HTTP/1.1 loop on
/// `NIOAsyncChannel`, one kept-alive connection per worker, no pool, no parsing beyond NIO's own. What any
/// client built on swift-nio costs at the least.
final class BareNIOClient: BenchmarkClient {
    private typealias Connection = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    /// Runs `count` requests on one connection, one after another.
    static func loop(url: String, count: Int) async throws {
        guard let target = URL(string: url), let host = target.host, let port = target.port else {
            throw BenchmarkError("the NIO floor needs a URL with a host and port")
        }
        let path = target.path.isEmpty ? "/" : target.path
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
        var headers = HTTPHeaders()
        headers.add(name: "host", value: "\(host):\(port)")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        try await channel.executeThenClose { inbound, outbound in
            var responses = inbound.makeAsyncIterator()
            for _ in 0..<count {
                try await outbound.write(.head(head))
                try await outbound.write(.end(nil))
                var bytes = 0
                var status = HTTPResponseStatus.internalServerError
                responseParts: while let part = try await responses.next() {
                    switch part {
                    case .head(let response): status = response.status
                    case .body(let buffer): bytes += buffer.readableBytes
                    case .end: break responseParts
                    }
                }
                guard status == .ok, bytes == 1024 else { throw BenchmarkError("bad NIO floor response") }
            }
        }
    }

    /// One request on a connection of its own: the floor is measured through ``loop(url:count:)``, which the
    /// benchmark calls for this client instead.
    func get(_ url: String) async throws {
        try await Self.loop(url: url, count: 1)
    }
}
