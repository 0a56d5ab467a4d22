import CourierSampleServer
import Foundation
import NIOCore
import NIOPosix
import Testing

/// The sample FTP server's passive data connections, driven by a raw client that does what a careless or
/// retrying client may do.
@Suite struct SampleFTPServerDataConnectionTests {
    /// A client whose connect timed out while the server had already accepted, and that then connected again,
    /// leaves the server two data connections. The server uses one and must close the other: NIO's async wrapper
    /// of a connection dropped unclosed traps the whole process ("Deinited NIOAsyncWriter without calling
    /// finish()"), which a loaded test run hit.
    @Test func aSecondDataConnectionToOnePassivePortIsClosedNotDropped() async throws {
        let server = try await SampleFTPServer.start(.init(files: ["a.txt": Data("alpha".utf8)]))
        let control = try await RawControl(port: server.port)
        do {
            #expect(try await control.reply().hasPrefix("220"))
            #expect(try await control.send("USER anonymous").hasPrefix("331"))
            #expect(try await control.send("PASS guest").hasPrefix("230"))
            let passive = try await control.send("EPSV")
            let port = try #require(passive.split(separator: "|").lazy.compactMap { Int($0) }.first)
            let first = try await RawControl.connect(port: port)
            let second: NIOAsyncChannel<ByteBuffer, ByteBuffer>
            do {
                second = try await RawControl.connect(port: port)
            } catch {
                await Self.discard(first)
                throw error
            }
            // Both are in the listener's queue before the server takes one for the listing. Which one it takes
            // is the kernel's order, so neither is assumed: one brings the listing, the other is closed by the
            // server without a byte (read to its end, so a connection left open would hang here, not pass).
            let listing: String
            do {
                listing = try await control.send("LIST")
            } catch {
                await Self.discard(first)
                await Self.discard(second)
                throw error
            }
            #expect(listing.hasPrefix("150"))
            let received = [await Self.readToEnd(first), await Self.readToEnd(second)]
            #expect(received.filter { $0.contains("a.txt") }.count == 1)
            #expect(received.filter(\.isEmpty).count == 1)
            #expect(try await control.reply().hasPrefix("226"))
            // And the server still answers on the control connection.
            #expect(try await control.send("NOOP").hasPrefix("502"))
        } catch {
            try? await control.close()
            await server.shutdown()
            throw error
        }
        try await control.close()
        await server.shutdown()
    }

    /// Closes a client connection without reading it (NIO's async wrapper must not be dropped unclosed).
    private static func discard(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async {
        try? await connection.executeThenClose { _, _ in }
    }

    /// What arrives until the server closes the connection. The connection the server did not take may also be
    /// reset (when it was still in the kernel's queue as the listener closed): that counts as closed, empty.
    /// Always closed here, so the client's async wrapper is never dropped.
    private static func readToEnd(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async -> String {
        var received = Data()
        try? await connection.executeThenClose { inbound, _ in
            do {
                for try await chunk in inbound { received.append(contentsOf: chunk.readableBytesView) }
            } catch {}
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// A line-oriented FTP control connection over NIO's async channel.
private final class RawControl {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    var pending = ""

    init(port: Int) async throws {
        channel = try await Self.connect(port: port)
        iterator = channel.inbound.makeAsyncIterator()
    }

    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// The next complete reply line.
    func reply() async throws -> String {
        while true {
            if let end = pending.range(of: "\r\n") {
                let line = String(pending[..<end.lowerBound])
                pending.removeSubrange(..<end.upperBound)
                return line
            }
            guard var chunk = try await iterator.next() else { throw ChannelError.eof }
            pending += chunk.readString(length: chunk.readableBytes) ?? ""
        }
    }

    func send(_ command: String) async throws -> String {
        try await channel.outbound.write(ByteBuffer(string: command + "\r\n"))
        return try await reply()
    }

    func close() async throws {
        channel.outbound.finish()
        try await channel.channel.close()
    }
}
