import NIOCore
import NIOEmbedded
import Testing

@testable import CourierFTP

@Suite struct FTPReplyDecoderTests {
    func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FTPReplyDecoder()))
        return channel
    }

    @Test func decodesSingleAndMultiLineReplies() throws {
        let channel = try channel()
        try channel.writeInbound(ByteBuffer(string: "220 ready\r\n230-Welcome\r\n 230 is not the end\r\n"))
        #expect(try channel.readInbound(as: FTPReply.self) == FTPReply(code: 220, lines: ["ready"]))
        #expect(try channel.readInbound(as: FTPReply.self) == nil)
        try channel.writeInbound(ByteBuffer(string: "garbage \u{7} line\n230 done\r\n"))
        let reply = try #require(try channel.readInbound(as: FTPReply.self))
        #expect(reply.code == 230)
        #expect(reply.lines == ["Welcome", " 230 is not the end", "garbage \u{7} line", "done"])
        _ = try channel.finish()
    }

    @Test func decodesARepliesSplitAcrossReads() throws {
        let channel = try channel()
        for byte in "227 Entering Passive Mode (127,0,0,1,4,1)\r\n".utf8 {
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
        }
        #expect(try channel.readInbound(as: FTPReply.self)?.code == 227)
        _ = try channel.finish()
    }

    @Test func rejectsAFirstLineWithoutACode() throws {
        let channel = try channel()
        #expect(throws: FTPProtocolError.self) { try channel.writeInbound(ByteBuffer(string: "hello there\r\n")) }
    }

    @Test func rejectsAnOverlongLine() throws {
        let channel = try channel()
        let long = String(repeating: "x", count: FTPReplyParser.maximumLineLength + 10)
        #expect(throws: FTPProtocolError.self) { try channel.writeInbound(ByteBuffer(string: "220 " + long)) }
    }

    @Test func rejectsAnEndlessMultiLineReply() throws {
        var parser = FTPReplyParser()
        #expect(try parser.feed("211-features") == .needMoreLines)
        #expect(throws: FTPProtocolError.self) {
            for index in 0...FTPReplyParser.maximumLines { _ = try parser.feed("garbage \(index)") }
        }
    }

    @Test(arguments: ["600 too high", "099 too low", "22 short", "2200 long", "abc text"])
    func rejectsMalformedCodes(line: String) {
        var parser = FTPReplyParser()
        #expect(throws: FTPProtocolError.self) { _ = try parser.feed(line) }
    }
}
