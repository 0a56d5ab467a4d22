import NIOCore
import Testing

@testable import CourierSockets

@Suite struct FrameParserTests {
    /// Feeds `input` in pieces of `chunk` bytes, as a socket might deliver it, and collects the frames.
    private func frames(_ framing: Framing, _ input: [UInt8], chunk: Int, atEnd: Bool = true) throws(SocketError)
        -> [[UInt8]]
    {
        var parser = FrameParser(framing: framing)
        var buffer = ByteBuffer()
        var result: [[UInt8]] = []
        var offset = 0
        while offset < input.count {
            buffer.writeBytes(input[offset..<min(offset + chunk, input.count)])
            offset += chunk
            while let frame = try parser.nextFrame(from: &buffer) { result.append(Array(frame.readableBytesView)) }
        }
        if atEnd, let last = try parser.finish(remaining: &buffer) { result.append(Array(last.readableBytesView)) }
        return result
    }

    @Test(arguments: [1, 2, 3, 1000])
    func linesEndInLFOrCRLF(chunk: Int) throws {
        let input = Array("hello\r\nworld\n\nlast".utf8)
        #expect(
            try frames(.lines(), input, chunk: chunk) == [
                Array("hello".utf8), Array("world".utf8), [], Array("last".utf8),
            ])
    }

    @Test func aLineAtTheMaximumPassesAndOneByteMoreFails() throws {
        #expect(try frames(.lines(maximumLength: 4), Array("abcd\r\n".utf8), chunk: 1) == [Array("abcd".utf8)])
        #expect(throws: SocketError.frameTooLarge(length: 5, maximum: 4)) {
            _ = try frames(.lines(maximumLength: 4), Array("abcde\n".utf8), chunk: 100)
        }
    }

    @Test func aPeerThatNeverSendsANewlineIsRefusedWithoutBufferingMore() {
        // One megabyte without a newline, a byte at a time: the error comes at maximum + 2 bytes.
        var parser = FrameParser(framing: .lines(maximumLength: 100))
        var buffer = ByteBuffer()
        var fed = 0
        var caught: SocketError? = nil
        while fed < 1_000_000 {
            buffer.writeInteger(UInt8(ascii: "x"))
            fed += 1
            do {
                _ = try parser.nextFrame(from: &buffer)
            } catch {
                caught = error
                break
            }
        }
        #expect(caught?.code == .dataLengthExceedsMaximum)
        #expect(fed == 102)
    }

    @Test(arguments: [1, 3, 64])
    func delimitersMaySpanChunks(chunk: Int) throws {
        let input = Array("one<|>two<|><|>three<|>".utf8)
        let result = try frames(.delimiter(Array("<|>".utf8)), input, chunk: chunk)
        #expect(result == [Array("one".utf8), Array("two".utf8), [], Array("three".utf8)])
    }

    @Test func aDelimitedFrameOverTheMaximumFails() {
        #expect(throws: SocketError.self) {
            _ = try frames(.delimiter([0], maximumLength: 3), [1, 2, 3, 4, 5, 0], chunk: 2)
        }
    }

    @Test func aTruncatedDelimitedFrameAtTheEndIsAnError() {
        #expect(throws: SocketError.self) { _ = try frames(.delimiter([0]), [1, 2, 0, 3], chunk: 10) }
    }

    @Test(arguments: Framing.PrefixWidth.allCases, [Endianness.big, .little])
    func lengthPrefixesOfEveryWidth(width: Framing.PrefixWidth, byteOrder: Endianness) throws {
        var encoded = ByteBuffer()
        for payload in [Array("ab".utf8), [], Array("xyz".utf8)] {
            switch width {
            case .one: encoded.writeInteger(UInt8(payload.count), endianness: byteOrder)
            case .two: encoded.writeInteger(UInt16(payload.count), endianness: byteOrder)
            case .four: encoded.writeInteger(UInt32(payload.count), endianness: byteOrder)
            case .eight: encoded.writeInteger(UInt64(payload.count), endianness: byteOrder)
            }
            encoded.writeBytes(payload)
        }
        let framing = Framing.lengthPrefixed(width: width, byteOrder: byteOrder, maximumLength: 100)
        let result = try frames(framing, Array(encoded.readableBytesView), chunk: 1)
        #expect(result == [Array("ab".utf8), [], Array("xyz".utf8)])
    }

    @Test func anAnnouncedLengthOverTheMaximumFailsBeforeThePayloadArrives() {
        var parser = FrameParser(framing: .lengthPrefixed(width: .four, maximumLength: 1024))
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt32.max)
        #expect(throws: SocketError.self) { _ = try parser.nextFrame(from: &buffer) }
    }

    @Test func aStreamEndingInsideALengthPrefixedFrameIsAnError() {
        var bytes: [UInt8] = [0, 0, 0, 5]
        bytes += [1, 2]
        #expect(throws: SocketError.self) {
            _ = try frames(.lengthPrefixed(width: .four, maximumLength: 10), bytes, chunk: 10)
        }
    }

    @Test func fixedSizeFramesAndATruncatedTail() throws {
        #expect(try frames(.fixedSize(2), [1, 2, 3, 4], chunk: 3) == [[1, 2], [3, 4]])
        #expect(throws: SocketError.self) { _ = try frames(.fixedSize(2), [1, 2, 3], chunk: 3) }
    }

    @Test func invalidFramingsAreRefused() {
        #expect(throws: SocketError.self) { try Framing.lines(maximumLength: 0).validate() }
        #expect(throws: SocketError.self) { try Framing.delimiter([]).validate() }
        #expect(throws: SocketError.self) { try Framing.fixedSize(0).validate() }
        #expect(throws: SocketError.self) { try Framing.lengthPrefixed(width: .one, maximumLength: 256).validate() }
        #expect(throws: Never.self) { try Framing.lengthPrefixed(width: .one, maximumLength: 255).validate() }
    }
}
