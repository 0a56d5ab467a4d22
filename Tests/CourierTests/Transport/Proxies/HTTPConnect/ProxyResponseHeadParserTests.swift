import NIOCore
import Testing

@testable import Courier

/// ``ProxyResponseHeadParser``: bounded, byte-by-byte safe, leaves what follows the head.
struct ProxyResponseHeadParserTests {
    private func parser(limit: Int = 1024) -> ProxyResponseHeadParser {
        ProxyResponseHeadParser(maximumHeadBytes: limit, maximumFieldCount: 10)
    }

    @Test func parsesByteByByteAndLeavesTheRest() throws {
        var parser = parser()
        let text =
            "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"x\"\r\n"
            + "Proxy-Authenticate: Digest realm=\"x\", nonce=\"n\"\r\nContent-Length: 3\r\n\r\nabc"
        var buffer = ByteBuffer()
        var head: ProxyResponseHeadParser.Head?
        for byte in Array(text.utf8) {
            buffer.writeInteger(byte)
            if let parsed = try parser.parse(&buffer) {
                head = parsed
                break
            }
        }
        let parsed = try #require(head)
        #expect(parsed.response.status.code == 407)
        #expect(parsed.response.status.reasonPhrase == "Proxy Authentication Required")
        #expect(parsed.response.headerFields[values: .proxyAuthenticate].count == 2)
        #expect(parsed.framing == .contentLength(3))
        #expect(parsed.keepsConnection)
        #expect(parsed.statusLine == "HTTP/1.1 407 Proxy Authentication Required")
        buffer.writeString("abc")
        #expect(buffer.readString(length: buffer.readableBytes) == "abc")
    }

    @Test(arguments: [
        (
            "HTTP/1.1 407 x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", ProxyResponseHeadParser.BodyFraming.chunked,
            true
        ),
        ("HTTP/1.1 407 x\r\nTransfer-Encoding: gzip\r\n\r\n", .untilClose, true),
        ("HTTP/1.1 407 x\r\n\r\n", .untilClose, true),
        ("HTTP/1.1 407 x\r\nConnection: Keep-Alive, Close\r\nContent-Length: 0\r\n\r\n", .contentLength(0), false),
        ("HTTP/1.0 407 x\r\nContent-Length: 0\r\n\r\n", .contentLength(0), false),
        ("HTTP/1.0 407 x\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n", .contentLength(0), true),
        ("HTTP/1.1 200\n\n", .none, true),
        ("HTTP/1.1 204 No Content\r\n\r\n", .none, true),
        ("HTTP/1.1 407 x\r\nX-Folded: a\r\n b\r\nContent-Length: 1\r\n\r\n", .contentLength(1), true),
    ])
    func framingAndPersistence(
        text: String, framing: ProxyResponseHeadParser.BodyFraming, keepsConnection: Bool
    ) throws {
        var parser = parser()
        var buffer = ByteBuffer(string: text)
        let head = try #require(try parser.parse(&buffer))
        #expect(head.framing == framing)
        #expect(head.keepsConnection == keepsConnection)
    }

    @Test(arguments: [
        "ICY 200 OK\r\n\r\n", "HTTP/2 200\r\n\r\n", "HTTP/1.1 20 OK\r\n\r\n", "HTTP/1.1 099 Low\r\n\r\n",
        "HTTP/1.1 200 OK\r\nName With Space: x\r\n\r\n", "HTTP/1.1 200 OK\r\n continuation\r\n\r\n",
        "HTTP/1.1 200 OK\r\nA: \0\r\n\r\n", "HTTP/1.1 407 x\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 407 x\r\nContent-Length: 99999999999999999999\r\n\r\n",
    ])
    func malformedHeadsAreErrors(text: String) {
        var parser = parser()
        var buffer = ByteBuffer(string: text)
        #expect(throws: ProxyTunnelError.Kind.self) { try parser.parse(&buffer) }
    }

    @Test func headLargerThanTheLimitIsAnErrorEvenWithoutItsEnd() throws {
        var parser = parser(limit: 64)
        var buffer = ByteBuffer(string: "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 10))
        #expect(throws: ProxyTunnelError.Kind.responseTooLarge(limit: 64)) { try parser.parse(&buffer) }
        var complete = self.parser(limit: 64)
        var whole = ByteBuffer(string: "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 10) + "\r\n")
        #expect(throws: ProxyTunnelError.Kind.responseTooLarge(limit: 64)) { try complete.parse(&whole) }
    }

    @Test func tooManyFieldsIsAnError() {
        var parser = parser()
        var buffer = ByteBuffer(string: "HTTP/1.1 200 OK\r\n" + String(repeating: "X-A: b\r\n", count: 11) + "\r\n")
        #expect(throws: ProxyTunnelError.Kind.self) { try parser.parse(&buffer) }
    }
}
