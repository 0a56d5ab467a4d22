import NIOCore
import Testing

@testable import CourierPeers

/// A connection seals every frame into one buffer: its memory is used again once nothing else holds it, and a
/// frame still held (by the socket) is never overwritten.
@Suite struct PeerCipherScratchTests {
    static func address(of buffer: ByteBuffer) -> UInt {
        buffer.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func aHeldFrameIsKeptAndAFreeBufferIsReused() throws {
        var (sender, receiver) = try PeerCipherTests.pair()
        var scratch = ByteBuffer()
        try sender.sealFrame(kind: .data, body: ByteBuffer(string: "one"), into: &scratch)
        let held = scratch
        try sender.sealFrame(kind: .data, body: ByteBuffer(string: "two"), into: &scratch)
        #expect(Self.address(of: held) != Self.address(of: scratch))
        #expect(try receiver.openFrame(kind: .data, body: held) == ByteBuffer(string: "one"))
        #expect(try receiver.openFrame(kind: .data, body: scratch) == ByteBuffer(string: "two"))
        let free = Self.address(of: scratch)
        try sender.sealFrame(kind: .data, body: ByteBuffer(string: "three"), into: &scratch)
        #expect(Self.address(of: scratch) == free)
        #expect(try receiver.openFrame(kind: .data, body: scratch) == ByteBuffer(string: "three"))
    }
}
