import CourierTesting
import Foundation
import NIOCore
import NIOPosix
import Testing

/// Checks the exact bytes the server puts on the wire, with a raw TCP client.
@Suite("TestServer on the wire (raw HTTP/1.x)")
struct TestServerWireTests {
    @Test("Chunked framing and automatic Content-Length are byte-exact")
    func framing() async throws {
        try await withTestServer { request in
            request.path == "/chunks" ? .chunks([Data("alpha".utf8), Data("0123456789abcdef".utf8)]) : .text("hi")
        } _: { server in
            let reply = try await RawConnection.exchange(
                port: server.port,
                send:
                    "GET /chunks HTTP/1.1\r\nHost: x\r\n\r\nGET /text HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            #expect(
                reply
                    == "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nalpha\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n"
                    + "Connection: close\r\n\r\nhi"
            )
            #expect(server.connectionCount == 1)
        }
    }

    @Test("Pipelined requests are answered in order on one connection")
    func pipelining() async throws {
        try await withTestServer { request in
            .text(request.path)
        } _: { server in
            let reply = try await RawConnection.exchange(
                port: server.port,
                send: "GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /three HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            let bodies = reply.components(separatedBy: "\r\n\r\n").dropFirst().map { $0.prefix(while: { $0 != "H" }) }
            #expect(bodies == ["/one", "/two", "/three"])
        }
    }

    @Test("Expect: 100-continue gets an interim 100 before the final response")
    func expectContinue() async throws {
        try await withTestServer { request in
            .text(request.bodyText ?? "")
        } _: { server in
            let reply = try await RawConnection.exchange(
                port: server.port,
                send:
                    "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"
            )
            #expect(reply.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"))
            #expect(reply.hasSuffix("\r\n\r\nabc"))
        }
    }

    @Test("Expect: 100-continue with a declared body over the limit is refused with 413 before the body")
    func expectContinueOverLimit() async throws {
        try await withTestServer(bodyLimit: 10) { _ in
            .empty
        } _: { server in
            let reply = try await RawConnection.exchange(
                port: server.port,
                send: "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 11\r\n\r\n"
            )
            #expect(reply.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"))
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test("An HTTP/1.0 request without keep-alive is answered and the connection closed")
    func http10() async throws {
        try await withTestServer { request in
            .text(request.httpVersion)
        } _: { server in
            let reply = try await RawConnection.exchange(port: server.port, send: "GET / HTTP/1.0\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(reply.contains("\r\nConnection: close\r\n"))
            #expect(reply.hasSuffix("\r\n\r\nHTTP/1.0"))
        }
    }

    @Test("A request the parser rejects gets 400 and a closed connection")
    func malformedRequest() async throws {
        try await withTestServer { _ in
            .empty
        } _: { server in
            let reply = try await RawConnection.exchange(port: server.port, send: "NOT A REQUEST\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test("A chunked request body is de-chunked")
    func chunkedRequestBody() async throws {
        try await withTestServer { request in
            .text("\(request.body.count):\(request.bodyText ?? "")")
        } _: { server in
            let reply = try await RawConnection.exchange(
                port: server.port,
                send: "PUT /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                    + "4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n"
            )
            #expect(reply.hasSuffix("\r\n\r\n9:Wikipedia"))
            #expect(server.recordedRequests.first?.method == "PUT")
        }
    }
}

/// A plain TCP client that sends bytes and reads everything until the server closes.
enum RawConnection {
    static func exchange(port: Int, send: String) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: send))
            var received = ByteBuffer()
            for try await var buffer in inbound {
                received.writeBuffer(&buffer)
            }
            return String(buffer: received)
        }
    }
}
