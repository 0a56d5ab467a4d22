import CourierPeers
import Crypto
import NIOCore
import Testing

@Suite struct PeerCipherTests {
    static func pair() throws -> (PeerCipher, PeerCipher) {
        let a = PeerKeyExchange()
        let b = PeerKeyExchange()
        let (ida, idb) = (PeerID(rawValue: 1), PeerID(rawValue: 2))
        let initiator = try a.cipher(
            peerShare: b.keyShare, sessionID: "s", initiator: ida, responder: idb, isInitiator: true)
        let responder = try b.cipher(
            peerShare: a.keyShare, sessionID: "s", initiator: ida, responder: idb, isInitiator: false)
        return (initiator, responder)
    }

    @Test func framesOpenInOrder() throws {
        var (sender, receiver) = try Self.pair()
        for text in ["one", "two"] {
            let sealed = try sender.sealFrame(kind: .data, body: ByteBuffer(string: text))
            #expect(sealed.readableBytes == text.utf8.count + 16)
            #expect(try receiver.openFrame(kind: .data, body: sealed) == ByteBuffer(string: text))
        }
    }

    @Test func aReplayedFrameFails() throws {
        var (sender, receiver) = try Self.pair()
        let sealed = try sender.sealFrame(kind: .data, body: ByteBuffer(string: "bid 5"))
        _ = try receiver.openFrame(kind: .data, body: sealed)
        #expect(throws: PeersError.self) { try receiver.openFrame(kind: .data, body: sealed) }
    }

    @Test func aForgedFrameOrKindFails() throws {
        var (sender, receiver) = try Self.pair()
        var sealed = try sender.sealFrame(kind: .data, body: ByteBuffer(string: "bid 5"))
        var relabelled = receiver
        #expect(throws: PeersError.self) { try relabelled.openFrame(kind: .invite, body: sealed) }
        // Flip a bit: setting a byte to a fixed value left it unchanged one time in 256.
        sealed.setInteger(sealed.getInteger(at: 0, as: UInt8.self)! ^ 0x01, at: 0)
        #expect(throws: PeersError.self) { try receiver.openFrame(kind: .data, body: sealed) }
        #expect(throws: PeersError.self) { try receiver.openFrame(kind: .data, body: ByteBuffer(bytes: [1, 2])) }
    }

    @Test func datagramsOpenOnceAndOutOfOrder() throws {
        let (sender, initialReceiver) = try Self.pair()
        var receiver = initialReceiver
        let header: [UInt8] = [1, 2, 3]
        let first = try sender.sealDatagram(ByteBuffer(string: "a"), messageNumber: 1, header: header)
        let second = try sender.sealDatagram(ByteBuffer(string: "b"), messageNumber: 2, header: header)
        #expect(try receiver.openDatagram(second, messageNumber: 2, header: header) == ByteBuffer(string: "b"))
        #expect(try receiver.openDatagram(first, messageNumber: 1, header: header) == ByteBuffer(string: "a"))
        #expect(throws: PeersError.self) { try receiver.openDatagram(first, messageNumber: 1, header: header) }
        #expect(throws: PeersError.self) { try receiver.openDatagram(second, messageNumber: 2, header: [9]) }
    }

    /// The array-returning opens (what a session delivers) keep the counter, replay and forgery rules of the
    /// buffer-returning ones, and share their state: a frame opened either way advances the same counter.
    @Test func openingIntoBytesKeepsTheRules() throws {
        var (sender, receiver) = try Self.pair()
        let first = try sender.sealFrame(kind: .data, body: ByteBuffer(string: "one"))
        let second = try sender.sealFrame(kind: .data, body: ByteBuffer(string: "two"))
        #expect(try receiver.openFrameBytes(kind: .data, body: first) == Array("one".utf8))
        #expect(throws: PeersError.self) { try receiver.openFrameBytes(kind: .data, body: first) }
        #expect(try receiver.openFrame(kind: .data, body: second) == ByteBuffer(string: "two"))
        var forged = try sender.sealFrame(kind: .data, body: ByteBuffer(string: "three"))
        forged.setInteger(forged.getInteger(at: 0, as: UInt8.self)! ^ 0x01, at: 0)
        #expect(throws: PeersError.self) { try receiver.openFrameBytes(kind: .data, body: forged) }

        let header: [UInt8] = [7]
        let datagram = try sender.sealDatagram(ByteBuffer(string: "d"), messageNumber: 9, header: header)
        #expect(try receiver.openDatagramBytes(datagram, messageNumber: 9, header: header) == Array("d".utf8))
        #expect(throws: PeersError.self) { try receiver.openDatagram(datagram, messageNumber: 9, header: header) }
        #expect(throws: PeersError.self) { try receiver.openDatagramBytes(datagram, messageNumber: 8, header: header) }
    }

    @Test func replayWindowSlides() {
        var window = ReplayWindow()
        let steps: [(UInt64, Bool)] = [
            (5, true), (5, false), (3, true), (2000, true), (5, false), (2000 - 1023, true), (2000 - 1024, false),
            (1999, true), (1999, false),
        ]
        var results: [Bool] = []
        for (number, _) in steps { results.append(window.accept(number)) }
        #expect(results == steps.map(\.1))
    }

    @Test func encryptionPreferencesNegotiate() {
        #expect(EncryptionPreference.required.negotiate(with: .none) == nil)
        #expect(EncryptionPreference.optional.negotiate(with: .none) == false)
        #expect(EncryptionPreference.optional.negotiate(with: .required) == true)
        #expect(EncryptionPreference.none.negotiate(with: .none) == false)
    }

    /// The wire layout of the nonces, checked against AES-GCM itself (so a change of how the nonce is built cannot
    /// pass by sealing and opening with the same wrong layout): `u32 channel | u64 counter`, channel 0 for frames
    /// (their counter) and 1 for datagrams (their message number); the frame kind, or the datagram header, is the
    /// authenticated data.
    @Test func noncesFollowTheWireLayout() throws {
        let key = SymmetricKey(data: [UInt8](repeating: 7, count: 32))
        var cipher = PeerCipher(sendKey: key, receiveKey: key)
        func open(_ sealed: ByteBuffer, nonce: [UInt8], authenticating: [UInt8]) throws -> String {
            let bytes = Array(sealed.readableBytesView)
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: nonce), ciphertext: bytes.dropLast(16), tag: bytes.suffix(16))
            return String(decoding: try AES.GCM.open(box, using: key, authenticating: authenticating), as: UTF8.self)
        }
        for counter in 0..<3 {
            let sealed = try cipher.sealFrame(kind: .data, body: ByteBuffer(string: "frame \(counter)"))
            let nonce: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(counter)]
            #expect(
                try open(sealed, nonce: nonce, authenticating: [PeerFrame.Kind.data.rawValue]) == "frame \(counter)")
        }
        let datagram = try cipher.sealDatagram(
            ByteBuffer(string: "datagram"), messageNumber: 0x0102_0304, header: [9, 8])
        let nonce: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4]
        #expect(try open(datagram, nonce: nonce, authenticating: [9, 8]) == "datagram")
    }

    /// Small sealed bodies (up to 8 KiB with the tag) are opened from one contiguous copy, larger ones from their
    /// parts: both ways open what was sealed and refuse a flipped bit in the ciphertext or the tag.
    @Test(arguments: [0, 1, 64, 8_176, 8_177, 20_000, PeerLimits.maximumMessageSize])
    func bodiesOfEverySizeOpenAndForgeriesFail(size: Int) throws {
        let body = ByteBuffer(bytes: (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var (sender, receiver) = try Self.pair()
        let sealed = try sender.sealFrame(kind: .data, body: body)
        #expect(try receiver.openFrameBytes(kind: .data, body: sealed) == Array(body.readableBytesView))
        for position in [0, sealed.readableBytes / 2, sealed.readableBytes - 1] {
            var (forger, victim) = try Self.pair()
            var forged = try forger.sealFrame(kind: .data, body: body)
            forged.setInteger(forged.getInteger(at: position, as: UInt8.self)! ^ 0x80, at: position)
            #expect(throws: PeersError.self) { try victim.openFrameBytes(kind: .data, body: forged) }
        }
        let header: [UInt8] = [1, 2, 3]
        let datagram = try sender.sealDatagram(body, messageNumber: 7, header: header)
        let opened = try receiver.openDatagramBytes(datagram, messageNumber: 7, header: header)
        #expect(opened == Array(body.readableBytesView))
    }
}
