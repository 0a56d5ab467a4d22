import NIOCore
import NIOEmbedded
import Testing

@testable import CourierSockets

@Suite struct FrameDecoderTests {
    @Test func decodesLinesOnAnEmbeddedChannel() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoder(framing: .lines())))
        try channel.writeInbound(ByteBuffer(string: "hel"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        try channel.writeInbound(ByteBuffer(string: "lo\r\nworld\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "hello"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "world"))
        try channel.writeInbound(ByteBuffer(string: "tail"))
        _ = try channel.finish()
        #expect(try channel.readInbound(as: ByteBuffer.self) == ByteBuffer(string: "tail"))
    }

    @Test func anOversizedLineFailsThePipeline() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(FrameDecoder(framing: .lines(maximumLength: 8)))
        )
        #expect(throws: SocketError.self) { try channel.writeInbound(ByteBuffer(string: "0123456789")) }
        _ = try? channel.finish()
    }

    @Test(arguments: [
        (Framing.lines(), "hi", [UInt8]("hi\n".utf8)),
        (Framing.lines(terminator: .crlf), "hi", [UInt8]("hi\r\n".utf8)),
        (Framing.delimiter([0]), "hi", [UInt8]("hi\0".utf8)),
        (Framing.lengthPrefixed(width: .two), "hi", [0, 2] + [UInt8]("hi".utf8)),
        (Framing.lengthPrefixed(width: .two, byteOrder: .little), "hi", [2, 0] + [UInt8]("hi".utf8)),
        (Framing.fixedSize(2), "hi", [UInt8]("hi".utf8)),
    ])
    func encodesEachFraming(framing: Framing, payload: String, expected: [UInt8]) throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(FrameEncoder(framing: framing))
        try channel.writeOutbound(ByteBuffer(string: payload))
        var written: [UInt8] = []
        while let part = try channel.readOutbound(as: ByteBuffer.self) { written += part.readableBytesView }
        #expect(written == expected)
        _ = try channel.finish()
    }

    @Test func theEncoderRefusesAFrameOverTheMaximum() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(FrameEncoder(framing: .lines(maximumLength: 2)))
        #expect(throws: SocketError.self) { try channel.writeOutbound(ByteBuffer(string: "abc")) }
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        _ = try channel.finish()
    }
}
