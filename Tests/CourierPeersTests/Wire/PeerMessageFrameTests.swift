import NIOCore
import NIOEmbedded
import Testing

@testable import CourierPeers

/// A reliable send hands the application's array to the connection as it is (``PeerFrame/message``): on the wire it
/// is exactly the data frame a `ByteBuffer` body makes, sealed or not.
@Suite struct PeerMessageFrameTests {
    static let message = (0..<6000).map { UInt8(truncatingIfNeeded: $0 &* 13) }

    @Test func itEncodesAsTheSameDataFrame() {
        var held = ByteBuffer()
        var copied = ByteBuffer()
        PeerFrame(message: Self.message).write(to: &held)
        PeerFrame(kind: .data, body: ByteBuffer(bytes: Self.message)).write(to: &copied)
        #expect(held == copied)
        #expect(PeerFrame(message: Self.message).bodySize == Self.message.count)
    }

    @Test func sealedItOpensToTheMessage() throws {
        var (sender, receiver) = try PeerCipherTests.pair()
        var cipher: PeerCipher? = sender
        var scratch = ByteBuffer()
        let sealed = try cipher.sealIfEncrypted(PeerFrame(message: Self.message), reusing: &scratch)
        #expect(sealed.readableBytes == Self.message.count + PeerLimits.sealOverhead)
        #expect(try receiver.openFrameBytes(kind: .data, body: sealed) == Self.message)
    }

    @Test func unencryptedItIsCopiedIntoTheScratchBuffer() throws {
        var cipher: PeerCipher? = nil
        var scratch = ByteBuffer()
        let body = try cipher.sealIfEncrypted(PeerFrame(message: Self.message), reusing: &scratch)
        #expect(body == ByteBuffer(bytes: Self.message))
        // A frame with a buffer body passes as it is.
        let plain = ByteBuffer(string: "as it is")
        #expect(try cipher.sealIfEncrypted(PeerFrame(kind: .data, body: plain), reusing: &scratch) == plain)
    }

    @Test func theFrameWriterCopiesAMessageItIsGiven() throws {
        let channel = EmbeddedChannel(handler: PeerFrameWriter())
        try channel.writeOutbound(PeerFrame(message: Self.message))
        var written = ByteBuffer()
        while let part = try channel.readOutbound(as: ByteBuffer.self) { written.writeImmutableBuffer(part) }
        var expected = ByteBuffer()
        PeerFrame(kind: .data, body: ByteBuffer(bytes: Self.message)).write(to: &expected)
        #expect(written == expected)
        _ = try channel.finish()
    }
}
