import CourierPeers
import CourierTestSupport
import NIOCore
import Testing

@Suite struct ChunkReassemblerTests {
    static func chunks(_ size: Int, number: UInt32, sender: UInt64 = 1) throws -> [PeerDatagram] {
        var message = ByteBuffer()
        for index in 0..<size { message.writeInteger(UInt8(index % 251)) }
        return try PeerDatagram.chunks(
            of: message, sessionTag: 1, sender: PeerID(rawValue: sender), messageNumber: number)
    }

    @Test func reassemblesOutOfOrderChunks() throws {
        var reassembler = ChunkReassembler()
        let parts = try Self.chunks(2500, number: 1)
        let early = [parts[2], parts[0], parts[0]].map { reassembler.add($0, now: .zero) }
        #expect(early.allSatisfy { $0 == nil })
        let completed = reassembler.add(parts[1], now: .zero)
        let whole = try #require(completed)
        #expect(whole.readableBytes == 2500)
        #expect(whole.getInteger(at: 1000, as: UInt8.self) == UInt8(1000 % 251))
        #expect(reassembler.partialCount == 0)
    }

    @Test func oneMissingChunkDropsTheMessageAfterTheExpiry() throws {
        var reassembler = ChunkReassembler(expiry: .seconds(2))
        let parts = try Self.chunks(3000, number: 4)
        _ = reassembler.add(parts[0], now: .zero)
        _ = reassembler.add(parts[2], now: .milliseconds(10))
        let beforeExpiry = reassembler.expire(now: .milliseconds(1999))
        let atExpiry = reassembler.expire(now: .seconds(2))
        #expect(beforeExpiry == 0)
        #expect(atExpiry == 1)
        #expect(reassembler.droppedMessages == 1)
        let late = reassembler.add(parts[1], now: .seconds(3))
        #expect(late == nil)
    }

    @Test(.ownThread) func keepsAtMostSixtyFourPartialMessagesPerPeer() throws {
        var reassembler = ChunkReassembler()
        for number in 0..<70 {
            _ = reassembler.add(try Self.chunks(1500, number: UInt32(number))[0], now: .milliseconds(Int64(number)))
        }
        #expect(reassembler.partialCount == 64)
        #expect(reassembler.droppedMessages == 6)
    }

    @Test func dropsAMessageWhoseChunksDisagreeOnTheCount() throws {
        var reassembler = ChunkReassembler()
        _ = reassembler.add(try Self.chunks(1500, number: 1)[0], now: .zero)
        _ = reassembler.add(try Self.chunks(2500, number: 1)[1], now: .zero)
        #expect(reassembler.droppedMessages == 1)
        #expect(reassembler.partialCount == 0)
    }
}
