import NIOCore
import Testing

@testable import Courier

/// ``ProxyResponseBodyDiscarder``: Content-Length and chunked bodies, byte by byte, with bounds.
struct ProxyResponseBodyDiscarderTests {
    private func discardByteByByte(_ discarder: inout ProxyResponseBodyDiscarder, _ text: String) throws -> Int {
        var buffer = ByteBuffer()
        for (index, byte) in Array(text.utf8).enumerated() {
            buffer.writeInteger(byte)
            if try discarder.discard(&buffer) { return index + 1 }
        }
        return -1
    }

    @Test func contentLengthBodyEndsExactly() throws {
        var discarder = ProxyResponseBodyDiscarder(
            framing: .contentLength(4), maximumBodyBytes: 100, maximumLineBytes: 100)
        #expect(try discardByteByByte(&discarder, "abcdEXTRA") == 4)
    }

    @Test func chunkedBodyWithExtensionsAndTrailersEndsExactly() throws {
        var discarder = ProxyResponseBodyDiscarder(framing: .chunked, maximumBodyBytes: 100, maximumLineBytes: 100)
        let body = "4;name=value\r\nabcd\r\nA\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\n"
        #expect(try discardByteByByte(&discarder, body + "NEXT") == body.utf8.count)
    }

    @Test(arguments: ["zz\r\n", "4\r\nabcdXY", "4\r\nabcd\r\n" + String(repeating: "f", count: 200) + "\r\n"])
    func brokenChunkedFramingIsAnError(text: String) {
        var discarder = ProxyResponseBodyDiscarder(framing: .chunked, maximumBodyBytes: 100, maximumLineBytes: 100)
        var buffer = ByteBuffer(string: text)
        #expect(throws: ProxyTunnelError.Kind.self) { try discarder.discard(&buffer) }
    }

    @Test func bodiesLongerThanTheLimitAreAnError() {
        var fixed = ProxyResponseBodyDiscarder(
            framing: .contentLength(1000), maximumBodyBytes: 10, maximumLineBytes: 10)
        var buffer = ByteBuffer(repeating: 0x61, count: 20)
        #expect(throws: ProxyTunnelError.Kind.responseTooLarge(limit: 10)) { try fixed.discard(&buffer) }
        var chunked = ProxyResponseBodyDiscarder(framing: .chunked, maximumBodyBytes: 10, maximumLineBytes: 10)
        var chunks = ByteBuffer(string: "ff\r\n" + String(repeating: "a", count: 20))
        #expect(throws: ProxyTunnelError.Kind.responseTooLarge(limit: 10)) { try chunked.discard(&chunks) }
    }
}
